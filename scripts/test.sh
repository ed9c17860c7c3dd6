#!/usr/bin/env bash
# The whole suite, as CI runs it: static checks, one production build, the byte
# budgets on it, then the unit, integration and browser tests against that build.
# The store and integration tests run twice: on SQLite, then on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/require-node.mjs
bash scripts/ensure-chromium.sh
TEST_POSTGRES_URL="$(bash scripts/ensure-postgres.sh)"
export TEST_POSTGRES_URL
bash scripts/ensure-nginx.sh
npm run typecheck
npm run lint
npm run knip
npm run build
npm run size
export INTEGRATION_BUILD_DIR=build
echo "Unit, integration (SQLite) and scale (PostgreSQL, nginx) tests:"
npm run test:unit
echo "The store and integration tests again, on PostgreSQL:"
# Left out: tests of SQLite's own file (backup, damage), and tests no store takes part in.
TEST_STORE=postgres npx vitest run --project unit --project integration app/server tests/integration \
  --exclude 'tests/integration/{backup,database-integrity,build-output,development-server,request-timeout,abandoned-requests,redirects-stay-on-site,privacy-notice,photo-build}.test.ts'
npm run test:e2e
