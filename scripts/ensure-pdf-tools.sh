#!/usr/bin/env bash
# Makes sure the tools that make the PDFs people fax are here, for the document reader's test of
# them (test/nodes/shared/documentReader/pdfPeople.test.ts): poppler's pdfsig and NSS's certutil (a
# signature over a file), SANE's scanimage (a scan from its test backend), PyMuPDF from Debian
# (python3-fitz: PyPI is not reachable from CI), iText 5 with BouncyCastle and a JDK to compile
# the program that drives it, and mutool, qpdf and pdfinfo. Installed with scripts/apt-install.sh.
set -euo pipefail
missing=()
need() { # <package> <test…>: the package when its test fails
  local package="$1"; shift
  "$@" >/dev/null 2>&1 || missing+=("$package")
}
need poppler-utils command -v pdfsig
need poppler-utils command -v pdfinfo
need mupdf-tools command -v mutool
need qpdf command -v qpdf
need libnss3-tools command -v certutil
need sane-utils command -v scanimage
need openssl command -v openssl
need default-jdk-headless command -v javac
need python3-fitz /usr/bin/python3 -c 'import fitz'
need libitext5-java test -f /usr/share/java/itext5.jar
need libbcprov-java test -f /usr/share/java/bcprov.jar
need libbcpkix-java test -f /usr/share/java/bcpkix.jar
if [ ${#missing[@]} -eq 0 ]; then echo "the PDF tools are here"; exit 0; fi
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
echo "PDF tools missing: installing Debian's ${missing[*]} (apt-get install -y ${missing[*]})..." >&2
bash "$(dirname "${BASH_SOURCE[0]}")/apt-install.sh" "${missing[@]}"
still=()
for command in pdfsig pdfinfo mutool qpdf certutil scanimage openssl javac; do
  command -v "$command" >/dev/null || still+=("$command")
done
/usr/bin/python3 -c 'import fitz' 2>/dev/null || still+=("python3's fitz")
for jar in itext5 bcprov bcpkix; do [ -f "/usr/share/java/$jar.jar" ] || still+=("$jar.jar"); done
if [ ${#still[@]} -gt 0 ]; then echo "still missing after apt-get install: ${still[*]}" >&2; exit 1; fi
echo "the PDF tools are here"
