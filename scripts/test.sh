#!/usr/bin/env bash
# The whole suite, as CI runs it: static checks, one production build, the byte
# budgets on it, then the unit, integration and browser tests against that build.
# The store and domain tests run twice, on SQLite and on PostgreSQL; the
# PostgreSQL pass runs beside the SQLite one, as it mostly waits on the
# database server. The scale tests and the browser tests, which time what they
# see or keep both cores busy, run after, each alone.
# At the end, and when a step fails, it prints how long each step took.
#
# `bash scripts/test.sh --fast` (npm run test:fast) is the edit loop's tier:
# the type check, the linter and the unit tests, and nothing that needs a build.
set -uo pipefail
cd "$(dirname "$0")/.."

steps=()
started=$SECONDS

report() {
  local total=$((SECONDS - started))
  echo
  echo "How long each step took:"
  for line in "${steps[@]}"; do echo "  $line"; done
  printf '  %-44s %5ss\n' "total" "$total"
}

# Runs one step, timed; a failure prints the table and stops the suite, naming the step.
step() {
  local name=$1
  shift
  local begun=$SECONDS
  "$@"
  local code=$?
  steps+=("$(printf '%-44s %5ss' "$name" $((SECONDS - begun)))")
  if [ "$code" != 0 ]; then
    report
    echo "npm test failed at: $name (exit code $code)" >&2
    exit "$code"
  fi
}

# The integration files whose subject behaves differently on PostgreSQL, run on it
# too; the rest of the HTTP layer is the same code on either engine, and the
# store under it is tested on both by the store and domain tests.
postgres_integration=(
  tests/integration/artwork-quotas.test.ts            # quotas taken by uploads created at once: row locks under READ COMMITTED
  tests/integration/quotations-one-deal.test.ts       # 20 acceptances of one quotation at once, exactly one taken
  tests/integration/outbox.test.ts                    # two senders on one database: leases, SKIP LOCKED, a killed sender's lock
  tests/integration/database-busy.test.ts             # a store another session holds locked: lock_timeout, not SQLite's busy wait
  tests/integration/artwork-bucket.test.ts            # two instances writing pieces of one upload at once
  tests/integration/artwork-uploads-clean-up.test.ts  # the sweep of unsent uploads, whose SQL no store test runs
)

# The store's tests under app/server: those that open a store (tests/support/test-store.ts,
# directly or through a helper) or PostgreSQL itself. Pure rules (money, GST, file names)
# run the same on either engine, so they run once, in the SQLite pass.
postgres_store_tests() {
  grep -rlE "test-store|artwork-check-store|test-postgres|TEST_POSTGRES_URL" app/server --include='*.test.ts' | sort
}

postgres_pass() {
  # Each on a copy of one migrated database. One file at a time: beside the SQLite
  # pass's two, the timing tests of both keep a core.
  local store_tests
  mapfile -t store_tests < <(postgres_store_tests)
  TEST_STORE=postgres npx vitest run --project unit --project integration "${store_tests[@]}" "${postgres_integration[@]}" \
    --maxWorkers=1
}

fast=false
[ "${1:-}" = "--fast" ] && fast=true

step "Node 24" node scripts/require-node.mjs
TEST_POSTGRES_URL="$(bash scripts/ensure-postgres.sh)" || {
  echo "npm test failed at: PostgreSQL (installed and started when missing)" >&2
  exit 1
}
export TEST_POSTGRES_URL
if [ "$fast" = true ]; then
  step "type check" npm run typecheck
  step "lint: import rules and Biome" npm run lint
  step "unit tests (SQLite)" npm run test:unit -- --project unit
  report
  exit 0
fi
step "Chromium (installed when missing)" bash scripts/ensure-chromium.sh
step "nginx (installed when missing)" bash scripts/ensure-nginx.sh
step "Java (installed when missing)" bash scripts/ensure-java.sh
step "preview tools (installed when missing)" bash scripts/ensure-preview-tools.sh
step "type check" npm run typecheck
step "lint: import rules and Biome" npm run lint
step "knip" npm run knip
step "production build" npm run build
step "size-limit" npm run size
export INTEGRATION_BUILD_DIR=build

postgres_log=$(mktemp)
# A failed step stops the suite: the PostgreSQL pass stops with it.
trap 'kill "${postgres_pid:-}" 2>/dev/null; rm -f "$postgres_log"' EXIT
echo "Unit and integration tests on SQLite, beside the store and domain tests on PostgreSQL (their output follows):"
begun=$SECONDS
postgres_pass >"$postgres_log" 2>&1 &
postgres_pid=$!
# Two test files at a time, not Vitest's one on two cores: most of them wait on a
# server, a mail server or a database rather than compute.
step "unit and integration tests (SQLite)" npm run test:unit -- --project unit --project integration --maxWorkers=2
wait "$postgres_pid"
postgres_code=$?
cat "$postgres_log"
steps+=("$(printf '%-44s %5ss' "store and domain tests on PostgreSQL" $((SECONDS - begun)))")
if [ "$postgres_code" != 0 ]; then
  report
  echo "npm test failed at: store and domain tests on PostgreSQL (exit code $postgres_code)" >&2
  exit "$postgres_code"
fi

# These time what happens around a stop, a fault or a page's first paint: not beside
# the other steps. Three files at a time: the fault tests mostly wait, on a lease
# running out or a slow mail server.
step "scale tests (PostgreSQL, nginx)" npm run test:unit -- --project scale --maxWorkers=3
step "browser tests (Playwright)" npm run test:e2e
report
