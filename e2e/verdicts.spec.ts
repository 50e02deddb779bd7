import { expect, test } from "./fixtures/upload";
import { makeLongBundle } from "./run-fixtures/bundles";
import { makeTau2VerdictDocument, TAU2_FIXTURE_TASK_ID } from "@/lib/testing/tau2-verdict-fixture";

function uniqueTag(): string {
  return `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

test("a failed tau2 trajectory names the failed action with its argument diff, and the link moves the timeline to the call", async ({
  page,
  upload,
}) => {
  const stored = await upload(makeTau2VerdictDocument(uniqueTag()), "results.json");
  const runId = stored.runs[0]?.id ?? "";
  await page.goto(`/runs/${runId}`);
  await page.getByRole("link", { name: new RegExp(`^task ${TAU2_FIXTURE_TASK_ID} trial 0: fail`) }).click();

  const headline = page.getByLabel("Verdict headline");
  await expect(headline).toContainText("DB check failed");
  await expect(headline).toContainText("expected action send_certificate was not matched");
  await expect(headline).toContainText("amount: expected 50, got 100");

  const verdict = page.getByRole("region", { name: "Verdict" });
  const action = verdict.getByRole("listitem", { name: "Expected action send_certificate" });
  await expect(action.getByLabel("Argument diff of send_certificate")).toHaveText("amount: expected 50, got 100");
  await expect(verdict.getByRole("listitem", { name: "Communicate check 23553" })).toContainText("met");
  await expect(verdict.getByRole("listitem", { name: "NL assertion" })).toContainText("The agent never apologized.");

  // Scroll the timeline away from the call first, so following the link has to move it.
  const scroller = page.getByRole("list", { name: "Timeline events" });
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const link = action.getByRole("link", { name: /closest call #\d+/ });
  const seq = Number((await link.textContent())?.replace(/\D+/g, ""));
  await link.click();
  const row = page.locator(`[data-event-row="${seq}"]`);
  await expect(row).toBeInViewport();
  await expect(row).toContainText("send_certificate");
  await expect(row.locator("[data-check-mark]")).toContainText("closest to expected send_certificate");
  await expect(page).toHaveURL(new RegExp(`#event-${seq}$`));
  await page.screenshot({ path: "test-results/verdict-tau2.png", fullPage: true });

  // The system prompt (a long policy) starts collapsed.
  await page.getByRole("button", { name: "Top", exact: true }).click();
  await expect(page.locator('[data-event-row="0"]').getByRole("button", { name: /Show all/ })).toBeVisible();
});

test("a tau2 simulation without reward_info is shown as a failure", async ({ page, upload }) => {
  const stored = await upload(makeTau2VerdictDocument(uniqueTag()), "results.json");
  await page.goto(`/runs/${stored.runs[0]?.id ?? ""}`);
  await page.getByRole("link", { name: new RegExp(`^task ${TAU2_FIXTURE_TASK_ID} trial 1: fail`) }).click();
  await expect(page.getByLabel("Verdict headline")).toHaveText(
    "No reward_info recorded: counted as a failure, as tau2 counts it",
  );
});

test("jump to first error brings the row into view on the first press", async ({ page, upload }) => {
  const stored = await upload(makeLongBundle(3000));
  await page.goto(`/runs/${stored.runs[0]?.id ?? ""}`);
  await page.getByRole("link", { name: /task refund trial 1/ }).click();
  await expect(page.locator('[data-event-row="0"]')).toBeVisible();
  const scroller = page.getByRole("list", { name: "Timeline events" });
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await page.getByRole("button", { name: /Jump to first error/ }).click();
  await expect(page.locator('[data-event-row="30"]')).toBeInViewport();
  await expect(page.locator('[data-event-row="30"]')).toContainText("first error");
});

test("side-by-side timelines of two trials align user turns, show the chosen trials and expand a long message", async ({
  page,
  upload,
}) => {
  const domain = `airline-shared-${uniqueTag()}`;
  const runA = (await upload(makeTau2VerdictDocument(uniqueTag(), domain), "a.json")).runs[0]?.id ?? "";
  const runB = (await upload(makeTau2VerdictDocument(uniqueTag(), domain), "b.json")).runs[0]?.id ?? "";
  await page.goto(`/compare/task?runs=${runA},${runB}&task=${TAU2_FIXTURE_TASK_ID}&trialA=1&trialB=0`);
  await expect(page.locator("select[name=trialA]")).toHaveValue("1");
  await expect(page.locator("select[name=trialB]")).toHaveValue("0");

  const timeline = page.getByRole("table", { name: "Side-by-side timelines" });
  // Each side's three user messages open user turns 1..3 (turn 0 is the greeting before the first user message).
  await expect(timeline.locator('tr[data-row-kind="user"]')).toHaveCount(4);
  const divergence = timeline.locator('tr[data-first-divergence="true"]');
  await expect(divergence).toHaveCount(1);
  await expect(divergence).toContainText('"amount":50');
  await expect(divergence).toContainText('"amount":100');
  await expect(divergence).toHaveAttribute("data-user-turn", "1");
  // Tool results are shown beside their calls.
  await expect(divergence).toContainText("Certificate of 50 sent.");

  const longText = timeline.getByLabel("Show the full text of event #11").first();
  await longText.click();
  await expect(timeline.getByText("The end of the long message.").first()).toBeVisible();

  await expect(page.getByLabel(/^Verdict of /)).toHaveCount(2);
  await expect(page.getByLabel(/^Verdict of /).nth(0)).toContainText("No reward_info recorded");
  await expect(page.getByLabel(/^Verdict of /).nth(1)).toContainText("amount: expected 50, got 100");
  await page.screenshot({ path: "test-results/verdict-compare.png", fullPage: true });
});
