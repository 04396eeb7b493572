#!/usr/bin/env bash
# Makes sure Debian's chromium is at /usr/bin/chromium for the browser test
# (test/n8n/browser/editor.test.js). Never downloads a browser bundle: Debian's package, through
# scripts/apt-install.sh.
set -euo pipefail
BIN="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$BIN" ]; then echo "$BIN"; exit 0; fi
echo "chromium is missing: installing Debian's package (apt-get install -y chromium)..." >&2
bash "$(dirname "${BASH_SOURCE[0]}")/../apt-install.sh" chromium
[ -x "$BIN" ] || { echo "chromium still missing at $BIN" >&2; exit 1; }
echo "$BIN"
