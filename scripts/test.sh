#!/usr/bin/env bash
# The whole suite, as CI runs it: static checks, one production build, the byte
# budgets on it, then the unit, integration and browser tests against that build.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/require-node.mjs
bash scripts/ensure-chromium.sh
npm run typecheck
npm run lint
npm run knip
npm run build
npm run size
INTEGRATION_BUILD_DIR=build npm run test:unit
npm run test:e2e
