#!/usr/bin/env bash
# The programs that make previews and print checks of artwork files: Poppler,
# Ghostscript, libcdr's tools, zbar's barcode reader, and bubblewrap, which
# runs them apart from the server, installed from Debian when any is missing.
# The site runs without them (previews are then "not available"); the tests of
# the checks need them. Prints nothing on stdout.
set -euo pipefail
source "$(dirname "$0")/lib/apt-install.sh"

missing=()
for pair in pdfinfo:poppler-utils pdftoppm:poppler-utils pdffonts:poppler-utils pdfimages:poppler-utils \
  gs:ghostscript cdr2xhtml:libcdr-tools zbarimg:zbar-tools prlimit:util-linux bwrap:bubblewrap; do
  command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
done
if [ "${#missing[@]}" = 0 ]; then
  exit 0
fi
# Each package once.
mapfile -t packages < <(printf '%s\n' "${missing[@]}" | sort -u)
apt_install "artwork previews" "${packages[@]}"
