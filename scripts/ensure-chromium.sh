#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when it is missing (browser downloads are not used).
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "Chromium is not at $browser. Install Debian's chromium package, or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "Installing Debian's chromium package..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
"$browser" --version
