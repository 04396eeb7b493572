#!/usr/bin/env bash
# Installs Debian packages for the test tools (scripts/n8n/ensure-chromium.sh,
# scripts/ensure-pdf-readers.sh, scripts/ensure-pdf-tools.sh): only apt (Debian's archive), as
# root or through sudo without a password; anything else says what to run. Waits for another apt instead of failing.
#   bash scripts/apt-install.sh <package>...
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "cannot install $*: not root and no passwordless sudo; run as root: apt-get install -y $*" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq >&2 || true
$SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "$@" >&2
