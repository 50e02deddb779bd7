#!/usr/bin/env bash
# The whole test suite: typecheck, format, lint, layer rules, unit tests, DB tests (each file on its own copy of a
# migrated *_test database), a production build, and end-to-end tests in Chromium. Prints each step's time, the
# total, and "N passed, N failed" last.
set -uo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1 NEXT_TELEMETRY_DISABLED=1
out=.test-results
rm -rf "$out" && mkdir -p "$out"
failed_steps=()
timings=()
started=$(date +%s)

seconds_since() { echo $(($(date +%s) - $1)); }

step() {
  local name=$1
  shift
  echo "=== $name: $*"
  local t0
  t0=$(date +%s)
  if ! "$@"; then failed_steps+=("$name"); fi
  timings+=("$name $(seconds_since "$t0")")
  echo "=== $name: $(seconds_since "$t0") s"
}

# The four static checks are single-threaded: two at a time use both cores. Each one's output is printed whole.
checks() {
  local t0 pids=() names=() name
  t0=$(date +%s)
  run_check() {
    local name=$1 c0
    shift
    c0=$(date +%s)
    "$@" >"$out/$name.log" 2>&1
    local code=$?
    echo "$(seconds_since "$c0") $code" >"$out/$name.status"
  }
  (run_check typecheck npx tsc --noEmit -p . && run_check format npx prettier --check --log-level warn .) &
  pids+=($!)
  (run_check lint npx eslint . --max-warnings 0 &&
    run_check layers npx depcruise app components lib e2e scripts prisma bin --config .dependency-cruiser.cjs --output-type err) &
  pids+=($!)
  wait "${pids[@]}"
  for name in typecheck format lint layers; do
    local seconds code
    read -r seconds code <"$out/$name.status"
    echo "=== $name: $seconds s$([[ $code == 0 ]] || echo ", FAILED")"
    cat "$out/$name.log"
    [[ $code == 0 ]] || failed_steps+=("$name")
    timings+=("$name $seconds")
  done
  timings+=("checks-all $(seconds_since "$t0")")
}

# Arrange the test databases and replication access; stop at once, with one line, when PostgreSQL or Chromium is missing.
step preflight node scripts/preflight.mjs
if [[ ${#failed_steps[@]} -gt 0 ]]; then exit 1; fi

checks
step unit npx vitest run --project unit --reporter=default --reporter=json --outputFile.json="$out/unit.json"
# The production build runs beside the DB tests, whose time is mostly PostgreSQL's; its output is printed after them.
# Types were checked above, so the build skips its own pass (next.config.ts).
build_started=$(date +%s)
(LOOPSCOPE_BUILD_TYPECHECK=off npx next build >"$out/build.log" 2>&1; echo $? >"$out/build.status") &
build_pid=$!
step db npx vitest run --project db --reporter=default --reporter=json --outputFile.json="$out/db.json"
wait "$build_pid"
echo "=== build: npx next build (beside db)"
cat "$out/build.log"
build_code=$(cat "$out/build.status")
[[ $build_code == 0 ]] || failed_steps+=(build)
timings+=("build $(seconds_since "$build_started")")
echo "=== build: $(seconds_since "$build_started") s since it started beside db$([[ $build_code == 0 ]] || echo ", FAILED")"
if [[ " ${failed_steps[*]} " != *" build "* ]]; then
  # Two `next start` servers and two workers on one database (needs the build).
  step cluster npx vitest run --project cluster --reporter=default --reporter=json --outputFile.json="$out/cluster.json"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$out/e2e.json" step e2e npx playwright test
else
  echo "=== e2e: skipped because the build failed"
fi

echo "=== times in seconds (typecheck then format, beside lint then layers: checks-all is the four together; build ran beside db):"
for timing in "${timings[@]}"; do printf '  %-11s %5s\n' ${timing}; done
printf '  %-11s %5s\n' total "$(seconds_since "$started")"
# The four checks count as one test each; the runners' reports add up the rest.
SUMMARY_CHECKS="typecheck format lint layers" node scripts/summarize-tests.mjs "$out" "${failed_steps[@]}"
