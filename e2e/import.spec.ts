import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { makeSizedBundle } from "./support/bundles";
import { uploadBundle } from "./fixtures/upload";
import { uniqueId } from "@/lib/testing/factories";

const run = promisify(execFile);
const REAL = path.resolve(process.cwd(), "../shared/data/real");
const GROK = "2025-10-13T11:40:16.379079_airline_llm_agent_grok-3_user_simulator_grok-3.json";

test("a tau2 results file uploads unchanged through the page and its run shows tau2's own pass^1", async ({ page }) => {
  await page.goto("/upload");
  await page.getByLabel("Bundle files").setInputFiles(path.join(REAL, GROK));
  // A re-run of the suite finds the file already stored: both outcomes link the run.
  await expect(page.getByRole("region", { name: `Upload of ${GROK}` }).getByRole("status")).toContainText(/Stored \(tau2\)|Already uploaded/);
  await page.goto("/runs?q=grok-3");
  const row = page.getByRole("row").filter({ hasText: "grok-3" }).first();
  // tau2's own metric code gives pass^1 = 0.4375 for this file (shared/data/real/README.md).
  await expect(row).toContainText("43.8");
  await page.screenshot({ path: "test-results/import-tau2-leaderboard.png", fullPage: true });
});

test("the CLI uploads a tau-bench file unchanged", async ({ baseURL }) => {
  const { stdout } = await run("node", ["bin/loopscope.mjs", "upload", path.join(REAL, "gpt-4o-airline.json"), "--url", baseURL ?? ""]);
  expect(stdout).toMatch(/stored as tau-bench \(50 tasks, 200 trajectories|duplicate of an earlier upload/);
});

test("a run can be renamed, given another variant and pairing key, and deleted", async ({ page, request }) => {
  const original = uniqueId("edit-me");
  const { runs } = await uploadBundle(request, makeSizedBundle(1, original), "edit.json");
  await page.goto(`/runs/${runs[0]?.id}`);
  await page.getByText("Edit name, variant and pairing").click();
  const form = page.getByRole("form", { name: "Edit run" });
  const renamed = `${original} renamed`;
  await form.getByLabel("Name").fill(renamed);
  await form.getByLabel("Variant").fill("sft");
  await form.getByLabel("Pairing key").fill("e2e-pair");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("status")).toContainText(`saved: ${renamed} (sft, pairs by e2e-pair)`);
  const listed = (await (await request.get("/api/runs")).json()) as { runs: { id: string; name: string; variant: string; pairingKey: string }[] };
  expect(listed.runs.find((r) => r.id === runs[0]?.id)).toMatchObject({ name: renamed, variant: "sft", pairingKey: "e2e-pair" });

  // Deleting asks for confirmation, hides the run at once (its rows go in a background job) and returns to the leaderboard.
  await page.getByText("Delete this run").click();
  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("form", { name: "Delete run" }).getByRole("button", { name: "Delete run" }).click();
  await expect(page).toHaveURL(/\/runs$/);
  expect((await request.get(`/api/runs/${runs[0]?.id}/metrics`)).status()).toBe(404);
});
