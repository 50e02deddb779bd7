import AxeBuilder from "@axe-core/playwright";
import { expect, request, test, type Page } from "@playwright/test";
import { readTau2ReviewFixture, TAU2_REVIEW_FIXTURE_NAME } from "@/lib/testing/tau2-review-fixture";
import { followUpload, type UploadResponse } from "./fixtures/upload";
import { makeLongBundle, makeViewsBundle, XSS_IMG, XSS_SCRIPT } from "./run-fixtures/bundles";
import { runNamed, uploadBundle, type UploadedRun } from "./run-fixtures/upload-bundle";

let base: UploadedRun;
let long: UploadedRun;

test.beforeAll(async ({}, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  base = runNamed(await uploadBundle(baseURL, makeViewsBundle()), "views base");
  long = runNamed(await uploadBundle(baseURL, makeLongBundle(5000)), "long run");
});

test("script payloads in trajectory content render as text and never run", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(`/runs/${base.id}`);
  await page.getByRole("link", { name: "task xss trial 1: fail" }).click();
  await expect(page.locator('[data-event-row="0"]')).toContainText(`Hi ${XSS_SCRIPT} there`);
  await expect(page.locator('[data-event-row="1"]')).toContainText(XSS_IMG);
  await expect(page.locator('[data-event-row="3"]')).toContainText(`Done ${XSS_IMG}`);
  await expect(page.getByRole("complementary", { name: "Task" })).toContainText(`Goal with ${XSS_SCRIPT}`);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await page.screenshot({ path: "test-results/timeline-xss.png", fullPage: true });
  expect(dialogs).toEqual([]);
});

/** Whether the event's row is inside the visible part of the timeline's scroll box. */
function rowInScroller(page: Page, seq: number): Promise<boolean> {
  return page.evaluate((seq) => {
    const row = document.querySelector(`[data-event-row="${seq}"]`)?.getBoundingClientRect();
    const box = document.querySelector('[role="list"][aria-label="Timeline events"]')?.getBoundingClientRect();
    return row !== undefined && box !== undefined && row.top >= box.top - 1 && row.top < box.bottom;
  }, seq);
}

test("a 5,000-event trajectory opens fast and keeps the DOM bounded while scrolling", async ({ page }) => {
  await page.goto(`/runs/${long.id}`);
  const started = Date.now();
  await page.getByRole("link", { name: /task refund trial 1/ }).click();
  await expect(page.locator('[data-event-row="0"]')).toBeVisible();
  const firstScreenMs = Date.now() - started;
  expect(firstScreenMs).toBeLessThan(10_000);
  await expect(page.getByLabel("Trajectory summary")).toContainText("5000 events");
  expect(await page.locator("[data-event-row]").count()).toBeLessThan(300);

  const scroller = page.getByRole("list", { name: "Timeline events" });
  for (const fraction of [0.25, 0.5, 0.75]) {
    await scroller.evaluate((element, f) => element.scrollTo({ top: element.scrollHeight * f }), fraction);
    await expect(page.locator("[data-event-row]").first()).not.toHaveAttribute("data-event-row", "0");
    expect(await page.locator("[data-event-row]").count()).toBeLessThan(300);
  }
  await page.getByRole("button", { name: "End" }).click();
  await expect(page.locator('[data-event-row="4999"]')).toBeVisible();
  await expect.poll(() => rowInScroller(page, 4999)).toBe(true);
  expect(await page.locator("[data-event-row]").count()).toBeLessThan(300);

  await page.keyboard.press("e");
  // The first error result is event 30 (the eighth lookup, 4 events per turn).
  await expect(page.locator('[data-event-row="30"]')).toContainText("first error");
  // The jump lands on the row once the rows above it are measured, not just puts it in the DOM.
  await expect.poll(() => rowInScroller(page, 30)).toBe(true);
  await page.screenshot({ path: "test-results/timeline-long.png" });
});

test("keyboard shortcuts move to the next trial, the next task and up to the run", async ({ page }) => {
  await page.goto(`/runs/${base.id}`);
  await page.getByRole("link", { name: "task refund trial 1: success" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("trial 1");
  await page.keyboard.press("j");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("trial 2");
  await page.keyboard.press("k");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("trial 1");
  await page.keyboard.press("Shift+J");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("status");
  await page.keyboard.press("u");
  await expect(page).toHaveURL(new RegExp(`/runs/${base.id}$`));
});

test.describe("tau2 review errors at their turn", () => {
  let runId = "";

  test.beforeAll(async ({}, testInfo) => {
    const context = await request.newContext({ baseURL: String(testInfo.project.use.baseURL), timeout: 60_000 });
    try {
      const response = await context.post("/api/bundles", {
        multipart: {
          file: { name: TAU2_REVIEW_FIXTURE_NAME, mimeType: "application/json", buffer: readTau2ReviewFixture() },
        },
      });
      // A repeat of an earlier test run is a duplicate (200) naming the run already stored.
      const { status, body } = await followUpload(context, response);
      expect(status, JSON.stringify(body)).toBeLessThan(300);
      runId = (body as UploadResponse).runs[0]?.id ?? "";
    } finally {
      await context.dispose();
    }
  });

  async function openTask1(page: Page, hash: string) {
    await page.goto(`/runs/${runId}`);
    const href = await page
      .getByRole("link", { name: /^task 1 trial \d+/ })
      .first()
      .getAttribute("href");
    await page.goto(`${href ?? ""}${hash}`);
    await page.waitForFunction(() => document.body.dataset.scrollRegions === "ready");
  }

  test("a reviewed tau2 run fills the proxy-state metrics from its reviews", async ({ page }) => {
    await page.goto(`/runs/${runId}`);
    const proxy = page.getByRole("region", { name: "Proxy state (judge)" });
    // Four of the five simulations carry a review (lib/testing/tau2-review-fixture.ts counts them by hand).
    await expect(proxy.locator('[data-metric="agentError"]')).toContainText("2/4");
    await expect(proxy.locator('[data-metric="userError"]')).toContainText("1/4");
    await expect(proxy.locator('[data-metric="toolHallucination"]')).toContainText("1/4");
    await expect(proxy.locator('[data-metric="userHallucination"]')).toContainText("2/4");
  });

  for (const width of [1440, 390]) {
    test(`each review error shows on its turn's event, readable and axe clean at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      // Message 13 (the user's invented promise) is event 17: five tool calls and results come before it.
      await openTask1(page, "#event-17");
      const userTurn = page.locator('[data-event-row="17"]');
      await expect(userTurn).toContainText("simulated user");
      const userError = userTurn.getByRole("group", { name: "tau2 review: simulated user error at turn 13" });
      await expect(userError).toContainText("critical (hindered the agent)");
      await expect(userError).toContainText("hallucination");
      await expect(userError).toContainText("a representative promised a refund");
      await expect(userError).toContainText("Correct behaviour");
      await expect(userError).toContainText("Ask for the cancellation without inventing an earlier promise.");
      // user_only_review flags the same message beside the full review.
      await expect(
        userTurn.getByRole("group", { name: "tau2 user-only review: simulated user error at turn 13" }),
      ).toBeVisible();
      const agentError = page
        .locator('[data-event-row="18"]')
        .getByRole("group", { name: "tau2 review: agent error at turn 14" });
      await expect(agentError).toContainText("critical");
      await expect(agentError).toContainText("guideline_violation");
      // The review judge's verdict on the whole trajectory names the critical agent error.
      await expect(page.getByRole("region", { name: "Judge verdicts" })).toContainText(
        "tau2 review: critical agent error",
      );

      await userError.screenshot({ path: `test-results/timeline-review-error-${width}.png` });
      const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length}`)).toEqual([]);
    });
  }
});
