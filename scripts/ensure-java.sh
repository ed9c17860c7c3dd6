#!/usr/bin/env bash
# Java for the Nu HTML checker (vnu-jar, a second check of the pages' validity):
# installs Debian's headless runtime when `java` is missing. Prints nothing on
# stdout; progress and errors go to stderr.
set -euo pipefail
source "$(dirname "$0")/lib/apt-install.sh"

if command -v java >/dev/null 2>&1; then
  exit 0
fi
apt_install "the Nu HTML checker (Java 17 or later)" default-jre-headless
java -version >&2
