// Adds up the JSON reports of vitest and Playwright into the one closing line CI reads:
// "N passed, N failed". A step that failed without a report (typecheck, build) counts as one failure.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const [dir, ...failedSteps] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const reported = new Set();
const checks = (process.env.SUMMARY_CHECKS ?? "").split(" ").filter(Boolean);

function read(name) {
  const file = path.join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

for (const suite of ["unit", "db", "cluster"]) {
  const report = read(`${suite}.json`);
  if (!report) continue;
  reported.add(suite);
  passed += report.numPassedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A test file that fails to load has no test results of its own; count it as one failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === "failed" && (file.assertionResults ?? []).length === 0,
  ).length;
  failed += (report.numFailedTests ?? 0) + brokenFiles;
  console.log(
    `${suite}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests ?? 0} skipped${brokenFiles ? ` (${brokenFiles} files failed to run)` : ""}`,
  );
}
const e2e = read("e2e.json");
if (e2e) {
  reported.add("e2e");
  const stats = e2e.stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
  console.log(
    `e2e: ${stats.expected ?? 0} passed, ${stats.flaky ?? 0} flaky, ${stats.unexpected ?? 0} failed, ${stats.skipped ?? 0} skipped`,
  );
}
// Skipped tests carry their reason in their name ("... (skipped: reason)" or "...: skipped, reason"): say each reason
// once, with its count.
const skipReasons = new Map();
for (const suite of ["unit", "db", "cluster"]) {
  for (const file of read(`${suite}.json`)?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      const match = /\(skipped: ([^()]*(?:\([^()]*\)[^()]*)*)\)|: skipped, ([^()]*(?:\([^()]*\))?)/.exec(
        test.fullName ?? "",
      );
      const reason = match?.[1] ?? match?.[2];
      if (reason && (test.status === "pending" || test.status === "skipped"))
        skipReasons.set(reason, (skipReasons.get(reason) ?? 0) + 1);
    }
  }
}
// Playwright keeps a skip's reason as the test's "skip" annotation.
function* playwrightTests(suite) {
  for (const child of suite.suites ?? []) yield* playwrightTests(child);
  for (const spec of suite.specs ?? []) yield* spec.tests ?? [];
}
for (const suite of e2e?.suites ?? []) {
  for (const test of playwrightTests(suite)) {
    const reason = (test.annotations ?? []).find((annotation) => annotation.type === "skip")?.description;
    if (reason && test.status === "skipped") skipReasons.set(reason, (skipReasons.get(reason) ?? 0) + 1);
  }
}
for (const [reason, count] of skipReasons) console.log(`skipped ${count} tests: ${reason}`);
for (const check of checks) {
  reported.add(check);
  if (failedSteps.includes(check)) failed += 1;
  else passed += 1;
  console.log(`${check}: ${failedSteps.includes(check) ? "failed" : "passed"}`);
}
for (const step of failedSteps) {
  if (!reported.has(step)) {
    failed += 1;
    console.log(`${step}: failed`);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failedSteps.length > 0 ? 1 : 0);
