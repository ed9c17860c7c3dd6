#!/usr/bin/env bash
# The whole suite, as CI runs it: static checks, one production build, the byte
# budgets on it, then the unit, integration and browser tests against that build.
# The store and domain tests run twice, on SQLite and on PostgreSQL; the
# PostgreSQL pass and the scale tests run beside the SQLite pass, as they mostly
# wait on a database or a server. The browser tests, which keep both cores busy,
# run after, alone.
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
scale_log=$(mktemp)
# A failed step stops the suite: the passes beside it stop with it.
trap 'kill "${postgres_pid:-}" "${scale_pid:-}" 2>/dev/null; rm -f "$postgres_log" "$scale_log"' EXIT
echo "Unit and integration tests on SQLite, beside the store and domain tests on PostgreSQL and the scale tests (their output follows):"
begun=$SECONDS
postgres_pass >"$postgres_log" 2>&1 &
postgres_pid=$!
# The scale tests (several instances on PostgreSQL, nginx, faults made on purpose)
# mostly wait, on a lease running out or a mail server slow on purpose: three files
# at a time, in the time the other passes leave. Their counts hold on a loaded machine.
npm run test:unit -- --project scale --maxWorkers=3 >"$scale_log" 2>&1 &
scale_pid=$!
# Three test files at a time, not Vitest's one on two cores: most of them wait on a
# server, a mail server or a database rather than compute (the whole suite keeps
# the two cores a little over half busy).
step "unit and integration tests (SQLite)" npm run test:unit -- --project unit --project integration --maxWorkers=3

# Waits for a pass that ran beside the SQLite one, prints its output and its time; stops the suite when it failed.
finish_beside() {
  local name=$1 pid=$2 log=$3
  wait "$pid"
  local code=$?
  cat "$log"
  steps+=("$(printf '%-44s %5ss' "$name" $((SECONDS - begun)))")
  if [ "$code" != 0 ]; then
    report
    echo "npm test failed at: $name (exit code $code)" >&2
    exit "$code"
  fi
}
finish_beside "store and domain tests on PostgreSQL" "$postgres_pid" "$postgres_log"
finish_beside "scale tests (PostgreSQL, nginx)" "$scale_pid" "$scale_log"

step "browser tests (Playwright)" npm run test:e2e
report
