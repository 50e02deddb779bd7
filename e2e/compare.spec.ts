import { expect, test } from "@playwright/test";
import { makePairedBundle } from "./compare-fixtures/make-paired-bundle";
import { followUpload } from "./fixtures/upload";
import { uniqueId } from "@/lib/testing/factories";

test.describe("compare a base run with its SFT run", () => {
  let base = "";
  let sft = "";

  test.beforeAll(async ({ request }) => {
    const pairingKey = uniqueId("e2e-qwen3");
    const response = await request.post("/api/bundles", {
      data: JSON.stringify(
        makePairedBundle({ pairingKey, suiteName: uniqueId("e2e-compare-suite"), sftJudgeVersion: "2" }),
      ),
      headers: { "content-type": "application/json" },
    });
    const answer = await followUpload(request, response);
    expect(answer.status).toBe(201);
    const body = answer.body as { runs: { id: string; name: string }[] };
    base = body.runs.find((run) => run.name.endsWith(" base"))?.id ?? "";
    sft = body.runs.find((run) => run.name.endsWith(" sft"))?.id ?? "";
    expect(base).not.toBe("");
    expect(sft).not.toBe("");
  });

  test("shows deltas, transitions and the noise note, and filters the task table", async ({ page }) => {
    await page.goto(`/compare?runs=${base},${sft}`);
    await expect(page.getByRole("heading", { name: "Compare runs" })).toBeVisible();

    const protocol = page.getByRole("table", { name: "Protocol table" });
    await expect(protocol.locator('tr[data-metric="successRate"]')).toContainText("+25.0 pp");
    await expect(protocol.locator('tr[data-metric="allTurnSuccess"]')).toContainText("+75.0 pp");
    await expect(protocol).toContainText("Gold history (next turn, reference context)");
    await expect(protocol).toContainText("Closed loop (whole workflow)");

    const transitions = page.getByRole("table", { name: "Transitions" });
    await expect(transitions.getByTitle("both pass")).toContainText("1");
    await expect(transitions.getByTitle("fixed")).toContainText("2");
    await expect(transitions.getByTitle("broken")).toContainText("1");
    await expect(transitions.getByTitle("both fail")).toContainText("0");
    await expect(page.getByText("McNemar exact p")).toContainText("1.000");
    await expect(page.getByRole("alert").filter({ hasText: "Different judges" })).toBeVisible();
    // The baseline's per-task rates are all 0 or 1, so its trials carry no variation: any difference is beyond the noise floor.
    await expect(page.getByRole("note").filter({ hasText: "Beyond the noise floor" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Gain per model" })).toContainText("+75.0 pp");
    await expect(page.getByRole("img", { name: "pass^k curves" }).locator("svg").first()).toBeVisible();
    await page.screenshot({ path: "test-results/compare-page.png", fullPage: true });

    await page
      .getByRole("navigation", { name: "Task filter" })
      .getByRole("link", { name: "fixed", exact: true })
      .click();
    await expect(page).toHaveURL(/filter=fixed/);
    const tasks = page.getByRole("table", { name: "Tasks" });
    await expect(tasks.locator("tbody tr")).toHaveCount(2);
    await expect(tasks).toContainText("task-2");
    await expect(tasks).toContainText("task-4");
    await expect(tasks).not.toContainText("task-3");
  });

  test("opens a task's side-by-side timelines with the first divergence marked", async ({ page }) => {
    await page.goto(`/compare?runs=${base},${sft}&filter=fixed`);
    await page.getByRole("table", { name: "Tasks" }).getByRole("link", { name: "task-2" }).click();
    await expect(page).toHaveURL(/\/compare\/task\?runs=.*task=task-2/);
    const timeline = page.getByRole("table", { name: "Side-by-side timelines" });
    const divergence = timeline.locator('tr[data-first-divergence="true"]');
    await expect(divergence).toHaveCount(1);
    await expect(divergence).toContainText("first divergence");
    await expect(divergence).toContainText('{"cents":250,"order_id":"task-2"}');
    await expect(divergence).toContainText('{"cents":2500,"order_id":"task-2"}');
    await expect(page.getByText("First divergence in user turn 0")).toBeVisible();
    await page.screenshot({ path: "test-results/compare-task.png", fullPage: true });

    await page.getByRole("combobox", { name: /^Trial of .* \(sft\)$/ }).selectOption("2");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/trialB=2/);
    await expect(page.locator("select[name=trialB]")).toHaveValue("2");
  });

  test("exports the protocol table as Markdown and the task table as LaTeX", async ({ request }) => {
    const markdown = await request.get(`/api/compare?runs=${base},${sft}&table=protocol&format=md`);
    expect(markdown.status()).toBe(200);
    expect(await markdown.text()).toContain("| closed loop | Success rate | 50.0% | 75.0% | +25.0 pp |");
    const latex = await request.get(`/api/compare?runs=${base},${sft}&table=tasks&format=tex`);
    expect(await latex.text()).toContain("task-3 & 2/2 (100.0\\%) & 0/2 (0.0\\%) & -100.0 pp & broken \\\\");
  });
});

test("pages the task table 25 rows at a time and keeps the filter across pages", async ({ page, request }) => {
  const pairingKey = uniqueId("e2e-paged");
  const response = await request.post("/api/bundles", {
    data: JSON.stringify(makePairedBundle({ pairingKey, suiteName: uniqueId("e2e-paged-suite"), extraTasks: 30 })),
    headers: { "content-type": "application/json" },
  });
  const answer = await followUpload(request, response);
  expect(answer.status).toBe(201);
  const runs = (answer.body as { runs: { id: string; name: string }[] }).runs;
  const ids = ["base", "sft"].map((variant) => runs.find((run) => run.name.endsWith(` ${variant}`))?.id ?? "");

  await page.goto(`/compare?runs=${ids.join(",")}&sort=task`);
  const tasks = page.getByRole("table", { name: "Tasks" });
  const pages = page.getByRole("navigation", { name: "Task pages" });
  await expect(tasks.locator("tbody tr")).toHaveCount(25);
  await expect(pages).toContainText("1-25 of 34");
  await pages.getByRole("link", { name: "next" }).click();
  await expect(page).toHaveURL(/sort=task&page=2/);
  await expect(tasks.locator("tbody tr")).toHaveCount(9);
  await expect(pages).toContainText("26-34 of 34");
  await expect(pages.getByRole("link", { name: "next" })).toHaveCount(0);

  // A filter starts again at page 1; the fixed tasks fit on one page, so there are no page links.
  await page.getByRole("navigation", { name: "Task filter" }).getByRole("link", { name: "fixed", exact: true }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(tasks.locator("tbody tr")).toHaveCount(2);
  await expect(pages).toHaveCount(0);
});
