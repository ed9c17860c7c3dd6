#!/usr/bin/env bash
# PostgreSQL for the tests of the store's second engine: installs Debian's server
# when it is missing, starts its cluster when stopped, and makes the role the tests
# connect as (allowed to create the throwaway databases they use). Prints the
# address the tests connect to; everything else goes to stderr.
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
  echo "Installing PostgreSQL (Debian's postgresql package) for the tests…" >&2
  as_root apt-get update -qq >&2
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi

read -r version cluster port status _ < <(pg_lsclusters -h | head -n 1)
if [ "$status" != "online" ]; then
  echo "Starting PostgreSQL $version/$cluster on port $port…" >&2
  as_root pg_ctlcluster "$version" "$cluster" start >&2
fi

role=site_test
as_root runuser -u postgres -- psql -p "$port" -qAt -v ON_ERROR_STOP=1 >&2 <<SQL
SELECT 'CREATE ROLE $role LOGIN CREATEDB PASSWORD ''$role'''
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$role')\gexec
-- Dropping a throwaway database must be able to end the autovacuum worker in it.
GRANT pg_signal_backend TO $role;
SQL

echo "postgres://$role:$role@127.0.0.1:$port/postgres"
