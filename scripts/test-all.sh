#!/usr/bin/env bash
# The whole test suite: typecheck, unit tests, DB tests (PostgreSQL *_test database),
# a production build, and end-to-end tests in Chromium. Prints "N passed, N failed" last.
set -uo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 NEXT_TELEMETRY_DISABLED=1
out=.test-results
rm -rf "$out" && mkdir -p "$out"
failed_steps=()

step() {
  local name=$1
  shift
  echo "=== $name: $*"
  if ! "$@"; then failed_steps+=("$name"); fi
}

step typecheck npx tsc --noEmit -p .
step unit npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$out/unit.json"
step db npx vitest run --project db --reporter=default --reporter=json --outputFile.json="$out/db.json"
step build npx next build
if [[ " ${failed_steps[*]} " != *" build "* ]]; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$out/e2e.json" step e2e npx playwright test
else
  echo "=== e2e: skipped because the build failed"
fi

node scripts/summarize-tests.mjs "$out" "${failed_steps[@]}"
