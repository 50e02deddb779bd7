import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { makeSizedBundle, writeBundleFile } from "./support/bundles";
import { uniqueId } from "@/lib/testing/factories";

const run = promisify(execFile);

test("uploads a bundle through the page with progress and lists its run", async ({ page }) => {
  const runName = uniqueId("page-upload");
  const file = writeBundleFile(makeSizedBundle(400, runName));
  await page.goto("/upload");
  // Throttle the upload so the progress bar is visible the way it is for a large bundle on a real network.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 400 * 1024 });
  await page.getByLabel("Bundle files").setInputFiles(file);
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await page.screenshot({ path: "test-results/upload-progress.png" });
  const status = page.getByRole("region", { name: "Upload of bundle.json" }).getByRole("status");
  await expect(status).toContainText("Stored (loopscope-json)", { timeout: 60_000 });
  await expect(status).toContainText("400 trajectories");
  await page.screenshot({ path: "test-results/upload-done.png" });
  await page.goto("/runs");
  await expect(page.getByRole("link", { name: runName })).toBeVisible();
});

test("shows a broken bundle's problems with their path and line, and stores nothing", async ({ page }) => {
  const bundle = makeSizedBundle(3);
  const jsonl = [
    JSON.stringify({ type: "header", schemaVersion: bundle.schemaVersion, suite: bundle.suite, tasks: bundle.tasks, runs: bundle.runs }),
    JSON.stringify({ type: "trajectory", ...bundle.trajectories[0] }),
    JSON.stringify({ type: "trajectory", ...bundle.trajectories[1], events: [{ kind: "telepathy", text: "?" }] }),
    "{ not json",
  ].join("\n");
  const file = path.join(path.dirname(writeBundleFile(bundle)), "broken.jsonl");
  writeFileSync(file, jsonl);
  await page.goto("/upload");
  await page.getByLabel("Bundle files").setInputFiles(file);
  const alert = page.getByRole("region", { name: "Upload of broken.jsonl" }).getByRole("alert");
  await expect(alert).toContainText("Rejected (422)");
  const issues = page.getByRole("table", { name: "Validation issues" });
  await expect(issues).toContainText("events[0].kind");
  await expect(issues).toContainText('unknown kind "telepathy"');
  await expect(issues.getByRole("row").nth(1)).toContainText("3");
  await expect(issues).toContainText("invalid JSON");
  await page.screenshot({ path: "test-results/upload-broken.png" });
  const runs = await (await page.request.get("/api/runs")).json();
  expect(JSON.stringify(runs)).not.toContain(String(bundle.suite.name));
});

test("the CLI streams a file to the server and reports the stored run; a bad file exits non-zero", async ({ baseURL }) => {
  const runName = uniqueId("cli-upload");
  const good = writeBundleFile(makeSizedBundle(5, runName));
  const ok = await run("node", ["bin/loopscope.mjs", "upload", good, "--url", baseURL ?? ""]);
  expect(ok.stdout).toContain("stored as loopscope-json (1 tasks, 5 trajectories, 30 events, 1 turnPredictions)");
  expect(ok.stdout).toContain(`run ${runName}`);
  const again = await run("node", ["bin/loopscope.mjs", "upload", good, "--url", baseURL ?? ""]);
  expect(again.stdout).toContain("duplicate of an earlier upload");
  const bad = path.join(path.dirname(good), "bad.json");
  writeFileSync(bad, JSON.stringify({ hello: "world" }));
  const failure = await run("node", ["bin/loopscope.mjs", "upload", bad, "--url", baseURL ?? ""]).catch((error: { code: number; stderr: string }) => error);
  expect(failure).toMatchObject({ code: 1 });
  expect("stderr" in failure ? failure.stderr : "").toContain("unrecognised file format");
});
