#!/usr/bin/env bash
# The whole test suite: typecheck, format, lint, layer rules, unit tests, DB tests (PostgreSQL *_test database),
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

# Stop at once, with one line, when PostgreSQL or Chromium is missing.
node scripts/preflight.mjs || exit 1

step typecheck npx tsc --noEmit -p .
step format npx prettier --check --log-level warn .
step lint npx eslint . --max-warnings 0
step layers npx depcruise app components lib e2e scripts prisma bin --config .dependency-cruiser.cjs --output-type err
step unit npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$out/unit.json"
step db npx vitest run --project db --reporter=default --reporter=json --outputFile.json="$out/db.json"
step build npx next build
if [[ " ${failed_steps[*]} " != *" build "* ]]; then
  # Two `next start` servers and two workers on one database (needs the build).
  step cluster npx vitest run --project cluster --reporter=default --reporter=json --outputFile.json="$out/cluster.json"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$out/e2e.json" step e2e npx playwright test
else
  echo "=== e2e: skipped because the build failed"
fi

# The four checks count as one test each; the runners' reports add up the rest.
SUMMARY_CHECKS="typecheck format lint layers" node scripts/summarize-tests.mjs "$out" "${failed_steps[@]}"
