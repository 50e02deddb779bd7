import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { REAL_DATA_DIR, REAL_DATA_SKIP_REASON, realDataFile } from "@/lib/testing/real-data";

const RESULTS = "azure-airline-full.json";
const REVIEW = "airline-multi-judge-full.json.summary_quick_triage_v1.json";
const JUDGE = "quick_triage_v1 (azure/gpt-4o-2024-11-20)";

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/** Uploads one shared file through the page; a repeat of an earlier test run is answered as already uploaded. */
async function uploadThroughPage(page: Page, file: string) {
  await page.getByLabel("Bundle files").setInputFiles(realDataFile("tau2-judges", file));
  const status = page.getByRole("region", { name: `Upload of ${file}` }).getByRole("status");
  await expect(status).toContainText(/Stored|Already uploaded/, { timeout: 90_000 });
  return status;
}

test("a tau2-bench judge review uploaded beside its results shows in the run's Judges view", async ({ page }) => {
  test.skip(!REAL_DATA_DIR, REAL_DATA_SKIP_REASON);
  test.setTimeout(180_000);
  await page.goto("/upload");
  const results = await uploadThroughPage(page, RESULTS);
  const runLink = results.getByRole("link").first();
  const runHref = (await runLink.getAttribute("href")) ?? "";
  expect(runHref).toMatch(/^\/runs\//);

  const review = await uploadThroughPage(page, REVIEW);
  // The review names the run its verdicts went to (fresh or repeated upload alike).
  await expect(review.getByRole("link", { name: (await runLink.textContent()) ?? "" })).toHaveAttribute(
    "href",
    runHref,
  );
  if ((await review.textContent())?.includes("Stored")) {
    await expect(review).toContainText(`Judge quick_triage_v1 (azure/gpt-4o-2024-11-20): 50 verdicts attached of 50`);
    await expect(review).toContainText("labels pass 46, fail 4; not compared: none");
  }

  // The API and the page agree with the file's own agree_count (25 of 50).
  const api = (await (await page.request.get(`/api${runHref}/judges`)).json()) as {
    judges: { name: string; vsOutcome: { agree: number; compared: number; kappa: number } }[];
  };
  const judge = api.judges.find((j) => j.name === "quick_triage_v1");
  expect(judge?.vsOutcome).toMatchObject({ agree: 25, compared: 50 });
  expect(judge?.vsOutcome.kappa).toBeCloseTo(0.0629685157, 9);

  await page.goto(runHref);
  const judges = page.getByRole("region", { name: "Judges", exact: true });
  const table = judges.getByRole("table", { name: "Judges vs the benchmark's outcome" });
  const row = table.getByRole("row", { name: new RegExp(JUDGE.replace(/[()/.]/g, "\\$&")) });
  await expect(row).toContainText("50.0% (25/50)");
  await expect(row).toContainText("0.063 [");
  await expect(row).toContainText("$0.4279");
  const confusion = judges.getByRole("table", { name: `Confusion matrix ${JUDGE}` });
  await expect(confusion.getByRole("row", { name: /pass/ })).toContainText("2224");
  const passButFailed = judges.getByRole("region", { name: "Judge said pass, benchmark failed" });
  await expect(passButFailed.getByRole("heading")).toContainText("(24)");
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  // A disagreement opens the timeline with the judge's justification beside the benchmark's verdict.
  await passButFailed.getByRole("link").first().click();
  const verdicts = page.getByRole("region", { name: "Judge verdicts" });
  await expect(verdicts).toContainText("Benchmark outcome: failure.");
  const verdict = verdicts.getByRole("article", { name: `Verdict of ${JUDGE}` });
  await expect(verdict).toContainText("read as pass, disagrees with the benchmark's failure");
  await expect(verdict.locator("p")).not.toBeEmpty();
  await expectNoAxeViolations(page);
});
