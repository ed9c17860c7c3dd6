#!/usr/bin/env bash
# Java for the Nu HTML checker (vnu-jar, a second check of the pages' validity):
# installs Debian's headless runtime when `java` is missing. Prints nothing on
# stdout; progress and errors go to stderr.
set -euo pipefail

if command -v java >/dev/null 2>&1; then
  exit 0
fi

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Java is missing and this is not a Debian system: install a Java runtime (17 or later) and put java on the PATH." >&2
  exit 1
fi
if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "Java is missing: run this script as root, or install Debian's default-jre-headless package." >&2
  exit 1
fi

echo "Installing Java (Debian's default-jre-headless) for the Nu HTML checker…" >&2
as_root apt-get update -qq >&2
# Waits for another install (such as PostgreSQL's for the same suite) rather than failing on its lock.
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 \
  --no-install-recommends default-jre-headless >&2

java -version >&2
