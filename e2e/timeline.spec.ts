import { expect, test } from "@playwright/test";
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
  expect(await page.locator("[data-event-row]").count()).toBeLessThan(300);

  await page.keyboard.press("e");
  // The first error result is event 30 (the eighth lookup, 4 events per turn).
  await expect(page.locator('[data-event-row="30"]')).toContainText("first error");
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
