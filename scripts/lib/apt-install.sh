# Installs Debian packages for the test suite, sourced by the ensure-*.sh
# scripts: as root, or through sudo; a clear message where apt-get is not
# there. Progress goes to stderr.

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# apt_install "<what they are for>" package…
apt_install() {
  local purpose=$1
  shift
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "Missing for $purpose, and this is not a Debian system: install the equivalents of $* and put them on the PATH." >&2
    return 1
  fi
  if [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then
    echo "Missing for $purpose: run this script as root, or install Debian's $* yourself." >&2
    return 1
  fi
  echo "Installing Debian's $* for $purpose…" >&2
  as_root apt-get update -qq >&2
  # Waits for another install (such as PostgreSQL's for the same suite) rather than failing on its lock.
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 \
    --no-install-recommends "$@" >&2
}
