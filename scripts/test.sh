#!/usr/bin/env bash
# The whole suite, as CI runs it: static checks, unit tests, a production build, then the browser tests against it.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/require-node.mjs
bash scripts/ensure-chromium.sh
npm run typecheck
npm run lint
npm run test:unit
npm run build
npm run test:e2e
