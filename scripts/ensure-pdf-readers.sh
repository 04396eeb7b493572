#!/usr/bin/env bash
# Makes sure the PDF readers the document reader's fuzzer and corpus check compare with are here:
# Debian's poppler-utils (pdfinfo), mupdf-tools (mutool) and qpdf (test/nodes/shared/documentReader/
# support/oracles.js), installed with scripts/apt-install.sh.
set -euo pipefail
declare -A PACKAGE=([pdfinfo]=poppler-utils [mutool]=mupdf-tools [qpdf]=qpdf)
missing=()
for command in pdfinfo mutool qpdf; do
  command -v "$command" >/dev/null || missing+=("${PACKAGE[$command]}")
done
if [ ${#missing[@]} -eq 0 ]; then echo "pdfinfo, mutool and qpdf are here"; exit 0; fi
echo "PDF readers missing: installing Debian's ${missing[*]} (apt-get install -y ${missing[*]})..." >&2
bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" "${missing[@]}"
for command in pdfinfo mutool qpdf; do
  command -v "$command" >/dev/null || { echo "$command still missing after apt-get install" >&2; exit 1; }
done
echo "pdfinfo, mutool and qpdf are here"
