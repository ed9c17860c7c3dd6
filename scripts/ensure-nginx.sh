#!/usr/bin/env bash
# nginx for the test of the deployment's proxy (deploy/nginx): installs Debian's
# package when the binary is missing. The test runs nginx as a process of its own
# on free ports, so the system service the package sets up must not hold port 80:
# it is kept from starting during the install and disabled afterwards. Prints
# nothing on stdout; progress and errors go to stderr.
set -euo pipefail

if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi

source "$(dirname "$0")/lib/apt-install.sh"

# invoke-rc.d asks policy-rc.d before starting a service; 101 means "not now".
# One that is already there (as in most containers) is left as it is.
policy=/usr/sbin/policy-rc.d
placed_policy=0
remove_policy() { if [ "$placed_policy" = 1 ]; then as_root rm -f "$policy"; fi; }
trap remove_policy EXIT
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | as_root tee "$policy" >/dev/null
  as_root chmod 755 "$policy"
  placed_policy=1
fi

apt_install "the deployment test" nginx

# Nor may it start at the next boot, or be left running should it have started all the same.
if command -v systemctl >/dev/null 2>&1; then
  as_root systemctl disable --quiet nginx >&2 || true
fi
if [ -d /run/systemd/system ]; then
  as_root systemctl stop nginx >&2 || true
elif [ -s /run/nginx.pid ] && as_root kill -0 "$(cat /run/nginx.pid)" 2>/dev/null; then
  as_root service nginx stop >&2 || true
fi

/usr/sbin/nginx -v
