#!/usr/bin/env bash
# Makes sure the PDF readers the document reader's fuzzer and corpus check compare with are here:
# Debian's poppler-utils (pdfinfo), mupdf-tools (mutool) and qpdf (test/nodes/shared/documentReader/
# support/oracles.js). Only apt (Debian's archive), as root or through sudo without a password.
set -euo pipefail
declare -A PACKAGE=([pdfinfo]=poppler-utils [mutool]=mupdf-tools [qpdf]=qpdf)
missing=()
for command in pdfinfo mutool qpdf; do
  command -v "$command" >/dev/null || missing+=("${PACKAGE[$command]}")
done
if [ ${#missing[@]} -eq 0 ]; then echo "pdfinfo, mutool and qpdf are here"; exit 0; fi
echo "PDF readers missing: installing Debian's ${missing[*]} (apt-get install -y ${missing[*]})..." >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "cannot install the PDF readers: not root and no passwordless sudo; run as root: apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
# Waits for another apt (Chromium's install, another checkout's) instead of failing.
$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq >&2 || true
$SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >&2
for command in pdfinfo mutool qpdf; do
  command -v "$command" >/dev/null || { echo "$command still missing after apt-get install" >&2; exit 1; }
done
echo "pdfinfo, mutool and qpdf are here"
