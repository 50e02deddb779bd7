import { expect, test } from "@playwright/test";
import { makeViewsBundle } from "./run-fixtures/bundles";
import { runNamed, uploadBundle, type UploadedRun } from "./run-fixtures/upload-bundle";

let base: UploadedRun;

test.beforeAll(async ({}, testInfo) => {
  const runs = await uploadBundle(String(testInfo.project.use.baseURL), makeViewsBundle());
  base = runNamed(runs, "views base");
});

test("the run page shows the header, metric cards per protocol and non-empty charts", async ({ page }) => {
  await page.goto(`/runs/${base.id}`);
  await expect(page.getByRole("heading", { level: 1, name: base.name })).toBeVisible();
  const header = page.getByRole("region", { name: "Run" });
  await expect(header).toContainText("qwen3-4b");
  await expect(header).toContainText("tool-agent");
  await expect(header).toContainText("v1.2");
  await expect(header).toContainText("sim-user");
  await expect(header).toContainText("judge-llm");
  await expect(header).toContainText("views sft");

  const closedLoop = page.getByRole("region", { name: "Closed loop" });
  // 9 trajectories, 5 successes: refund 1 (state) and 3 (reward), xss 2 and 3, status 2.
  await expect(closedLoop.locator('[data-metric="success"]')).toContainText("55.6%");
  await expect(closedLoop.locator('[data-metric="success"]')).toContainText("5/9");
  await expect(closedLoop.locator('[data-metric="success"]')).toContainText("95% CI");
  // No turn predictions: the gold-history family is one line saying what would fill it, not six n/a cards.
  const gold = page.getByRole("region", { name: "Gold history (next turn)" });
  await expect(gold.locator("[data-metric]")).toHaveCount(0);
  await expect(gold).toContainText("not available, the data has no per-turn predictions");
  const bundleFormat = gold.getByRole("link", { name: "bundle format: TurnPrediction" });
  expect(await bundleFormat.getAttribute("href")).toBe("/docs/bundle-format.md");
  const doc = await page.request.get("/docs/bundle-format.md");
  expect(doc.status()).toBe(200);
  expect(await doc.text()).toContain("### TurnPrediction");
  await expect(
    page.getByRole("region", { name: "Proxy state (judge)" }).locator('[data-metric="goalCompletion"]'),
  ).toContainText("0/1");

  for (const name of [
    "pass^k and pass@k",
    "Stop reasons",
    "Success by turn depth",
    "Success by persona",
    "First error position",
  ]) {
    await expect(page.getByRole("region", { name }).getByRole("application")).toBeVisible();
  }
  await expect(
    page.getByRole("region", { name: "pass^k and pass@k" }).locator(".recharts-line-curve").first(),
  ).toBeVisible();
  for (const name of ["Stop reasons", "Success by turn depth", "Success by persona", "First error position"]) {
    await expect(page.getByRole("region", { name }).locator(".recharts-bar-rectangle").first()).toBeVisible();
  }
  // The inferred stop reason is labelled as such in the table.
  await expect(page.getByRole("table", { name: "Trajectories" }).getByRole("row", { name: /max_turns/ })).toContainText(
    "inferred",
  );
  await page.screenshot({ path: "test-results/run-page.png", fullPage: true });
});

test("clicking a grid cell opens its timeline with the tool error, the retry link and the state diff", async ({
  page,
}) => {
  await page.goto(`/runs/${base.id}`);
  await page.getByRole("link", { name: "task refund trial 2: fail, tool error" }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${base.id}/trajectories/`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("trial 2");

  const failedCall = page.locator('[data-event-row="1"]');
  await expect(failedCall).toContainText("failed call");
  await expect(failedCall).toContainText("retried at #5");
  const errorResult = page.locator('[data-event-row="2"]');
  await expect(errorResult).toContainText("tool error");
  await expect(errorResult).toContainText("Error: order locked");
  await expect(page.locator("[data-first-error]")).toHaveCount(1);
  await expect(page.locator('[data-event-row="5"]')).toContainText("retry of #1");
  await expect(page.locator('[data-turn="1"]')).toContainText("judge flagged");

  const diff = page.getByRole("table", { name: "Final state against expected final state" });
  await expect(diff.getByRole("row", { name: /status/ })).toContainText("changed");
  await expect(diff.getByRole("row", { name: /status/ })).toContainText('"pending"');
  await expect(diff.getByRole("row", { name: /audit/ })).toContainText("added");
  await expect(page.getByRole("list", { name: "Required reply strings" })).toContainText("missing");
  await expect(page.getByRole("table", { name: "Judge labels" })).toContainText("The refund was left pending.");
  await expect(page.getByRole("navigation", { name: "Trajectory navigation" })).toContainText("views sft");
  await page.screenshot({ path: "test-results/timeline-tool-error.png", fullPage: true });
});

test("trajectory filters live in the URL and narrow the table", async ({ page }) => {
  await page.goto(`/runs/${base.id}`);
  const filters = page.getByRole("search", { name: "Trajectory filters" });
  await filters.getByLabel("Outcome").selectOption("fail");
  await filters.getByLabel("Tool error").selectOption("yes");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/outcome=fail/);
  await expect(page).toHaveURL(/toolError=yes/);
  const table = page.getByRole("table", { name: "Trajectories" });
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Trajectory pages" })).toContainText("1 matching trajectories");

  await page.goto(`/runs/${base.id}?q=xss`);
  await expect(page.getByRole("table", { name: "Trajectories" }).locator("tbody tr")).toHaveCount(3);
  await page.goto(`/runs/${base.id}?q=ORDER%20IS%20PAID`);
  await expect(page.getByRole("table", { name: "Trajectories" }).locator("tbody tr")).toHaveCount(1);
});

test("the trajectory list is also served as JSON with the same filters", async ({ request }) => {
  const response = await request.get(`/api/runs/${base.id}/trajectories?outcome=success&q=refund`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    total: number;
    trajectories: { taskExternalId: string; success: boolean }[];
  };
  expect(body.total).toBe(2);
  expect(body.trajectories.map((t) => [t.taskExternalId, t.success])).toEqual([
    ["refund", true],
    ["refund", true],
  ]);
  expect((await request.get("/api/runs/no-such-run/trajectories")).status()).toBe(404);
});

test("the reward breakdown is shown when present", async ({ page }) => {
  await page.goto(`/runs/${base.id}`);
  await page.getByRole("link", { name: "task refund trial 3: success" }).click();
  await expect(page.getByLabel("Reward breakdown")).toContainText("db_match");
  await expect(page.getByText("Final state matches the expected final state")).toBeVisible();
});
