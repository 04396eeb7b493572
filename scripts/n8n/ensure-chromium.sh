#!/usr/bin/env bash
# Makes sure Debian's chromium is at /usr/bin/chromium for the browser test
# (test/n8n/browser/editor.test.js). Never downloads a browser bundle: it only uses
# apt (Debian's archive), as root or through sudo without a password.
set -euo pipefail
BIN="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$BIN" ]; then echo "$BIN"; exit 0; fi
echo "chromium is missing: installing Debian's package (apt-get install -y chromium)..." >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "cannot install chromium: not root and no passwordless sudo; run: apt-get install -y chromium" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
# Waits for another apt (another checkout installing the same package) instead of failing.
$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq >&2 || true
$SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends chromium >&2
[ -x "$BIN" ] || { echo "chromium still missing at $BIN" >&2; exit 1; }
echo "$BIN"
