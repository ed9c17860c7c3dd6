#!/usr/bin/env bash
# Browser tests drive Debian's Chromium, as its headless shell (tests/support/chromium.ts);
# install them when missing (browser downloads are not used).
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
shell=/usr/lib/chromium/chromium-headless-shell
packages=()
if [ ! -x "$browser" ]; then
  packages+=(chromium fonts-liberation)
fi
# The shell goes with Chromium's own files, so the two are installed at one version.
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x "$shell" ]; then
  packages+=(chromium chromium-headless-shell)
fi
if [ ${#packages[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  if [ -x "$browser" ]; then
    echo "Debian's chromium-headless-shell is not installed: the browser tests run on Chromium itself, and take longer." >&2
    exit 0
  fi
  echo "Chromium is not at $browser. Install Debian's chromium and chromium-headless-shell packages, or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "Installing Debian's ${packages[*]}..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
"$browser" --version
