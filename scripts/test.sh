#!/usr/bin/env bash
# The whole suite, as CI runs it: static checks, one production build, the byte
# budgets on it, then the unit, integration and browser tests against that build.
# The store and integration tests run twice: on SQLite, then on PostgreSQL, that
# second pass beside the browser tests (they share nothing but the build, which
# both only read), so the machine's waits on servers and timers overlap.
# At the end, and when a step fails, it prints how long each step took.
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

postgres_pass() {
  # Left out: tests of SQLite's own file (backup, damage), tests no store takes part in, and
  # servers that keep their files in a folder, which only SQLite goes with (the artwork previews').
  TEST_STORE=postgres npx vitest run --project unit --project integration app/server tests/integration \
    --exclude 'tests/integration/{backup,database-integrity,build-output,development-server,request-timeout,abandoned-requests,redirects-stay-on-site,privacy-notice,photo-build,command-line,nu-validity,artwork-checks,artwork-samples,artwork-previews}.test.ts'
}

step "Node 24" node scripts/require-node.mjs
step "Chromium (installed when missing)" bash scripts/ensure-chromium.sh
TEST_POSTGRES_URL="$(bash scripts/ensure-postgres.sh)" || {
  echo "npm test failed at: PostgreSQL (installed and started when missing)" >&2
  exit 1
}
export TEST_POSTGRES_URL
step "nginx (installed when missing)" bash scripts/ensure-nginx.sh
step "Java (installed when missing)" bash scripts/ensure-java.sh
step "preview tools (installed when missing)" bash scripts/ensure-preview-tools.sh
step "type check" npm run typecheck
step "lint: import rules and Biome" npm run lint
step "knip" npm run knip
step "production build" npm run build
step "size-limit" npm run size
export INTEGRATION_BUILD_DIR=build
echo "Unit, integration (SQLite) and scale (PostgreSQL, nginx) tests:"
# Two test files at a time, not Vitest's one on two cores: most of them wait on a
# server, a mail server or a database rather than compute. The scale tests time
# what happens around a stop or a fault, so they run after, alone.
step "unit and integration tests (SQLite)" npm run test:unit -- --project unit --project integration --maxWorkers=2
step "scale tests (PostgreSQL, nginx)" npm run test:unit -- --project scale

postgres_log=$(mktemp)
# A failed browser test stops the suite: the PostgreSQL pass stops with it.
trap 'kill "${postgres_pid:-}" 2>/dev/null; rm -f "$postgres_log"' EXIT
echo "The store and integration tests again, on PostgreSQL, beside the browser tests (their output follows them):"
begun=$SECONDS
postgres_pass >"$postgres_log" 2>&1 &
postgres_pid=$!
step "browser tests (Playwright)" npm run test:e2e
wait "$postgres_pid"
postgres_code=$?
cat "$postgres_log"
steps+=("$(printf '%-44s %5ss' "store and integration tests on PostgreSQL" $((SECONDS - begun)))")
if [ "$postgres_code" != 0 ]; then
  report
  echo "npm test failed at: store and integration tests on PostgreSQL (exit code $postgres_code)" >&2
  exit "$postgres_code"
fi
report
