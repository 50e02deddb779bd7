import { expect, test, type Page } from "@playwright/test";
import { createTestUser, signedIn } from "./support/accounts";
import { followUpload } from "./fixtures/upload";
import { ANNOTATOR_KEYS, EXPECTED_GOAL } from "./annotation-fixtures/study-labels";
import { makeJudgedBundle } from "@/lib/testing/study-bundle";
import { uniqueId } from "@/lib/testing/factories";

// Three signed-in browsers label, adjudicate and read the report in one test: 25 s on a quiet machine, over the
// default 60 s at a load average of 11 (CI of 2026-11-30), so it gets three minutes.
test.describe.configure({ timeout: 180_000 });

async function labelQueue(
  page: Page,
  studyId: string,
  keys: readonly (readonly string[])[],
  screenshot: string,
): Promise<void> {
  await page.goto("/studies");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Studies" }).click();
  await page.goto(`/studies/${studyId}`);
  await expect(page.getByLabel("Progress")).toHaveText("0/6 done");
  await page.getByRole("link", { name: "Start annotating" }).click();
  for (const index of keys.keys()) {
    await expect(page.getByRole("heading", { name: `Item ${index + 1}/6` })).toBeVisible();
    // Blind studies shuffle each annotator's order and name items "item N" (N = study position), no run name.
    const position = Number(/item (\d+) \//.exec(await page.locator("main").innerText())?.[1] ?? 0);
    const itemKeys = keys[position - 1] ?? [];
    expect(itemKeys.length).toBeGreaterThan(0);
    await expect(page.getByRole("list", { name: "Keyboard shortcuts" })).toContainText("save and next item");
    for (const key of itemKeys) await page.keyboard.press(key);
    await expect(page.getByText("unsaved changes")).toBeVisible();
    if (index === 0) {
      // Leaving with unsaved labels asks first; after leaving anyway, the draft comes back from localStorage.
      const asked = page.waitForEvent("dialog").then(async (dialog) => {
        expect(dialog.type()).toBe("beforeunload");
        await dialog.accept();
      });
      await page.reload();
      await asked;
      await expect(page.getByText("Restored unsaved labels from this browser.")).toBeVisible();
      await expect(page.getByRole("radio", { checked: true })).toHaveCount(itemKeys.length);
    }
    if (index === 1) {
      // Blind: no judge verdicts, flags or rationales anywhere on the annotator's page.
      await expect(page.getByText(/judge flagged|rationale|judge:/)).toHaveCount(0);
      await page.screenshot({ path: `test-results/${screenshot}`, fullPage: true });
    }
    await page.keyboard.press("n");
  }
  await expect(page).toHaveURL(new RegExp(`/studies/${studyId}$`));
  await expect(page.getByLabel("Progress")).toHaveText("6/6 done");
}

test("an admin runs a blind 6-item study with two annotators and reads the agreement", async ({ browser }) => {
  const [admin, annA, annB] = await Promise.all([
    createTestUser("admin"),
    createTestUser("annotator"),
    createTestUser("annotator"),
  ]);
  const adminPage = await signedIn(browser, admin);
  const runName = uniqueId("study-run");
  const upload = await adminPage.request.post("/api/bundles", {
    data: JSON.stringify(makeJudgedBundle(6, runName)),
    headers: { "content-type": "application/json" },
  });
  expect((await followUpload(adminPage.request, upload)).status).toBe(201);

  const studyName = uniqueId("judge validation");
  await adminPage.goto("/studies/new");
  await adminPage.getByLabel("Name", { exact: true }).fill(studyName);
  await adminPage.getByRole("checkbox", { name: new RegExp(runName) }).check();
  await adminPage.getByLabel("Sample size").fill("6");
  await adminPage.getByLabel("Annotators per item").fill("2");
  await adminPage.getByRole("checkbox", { name: new RegExp(annA.name) }).check();
  // One annotator is refused; the form keeps what was entered.
  await adminPage.getByRole("button", { name: "Create study" }).click();
  await expect(adminPage.getByRole("form", { name: "New study" }).getByRole("alert")).toContainText(
    "at least two annotators: only the agreement between two people (inter-annotator agreement)",
  );
  await expect(adminPage.getByLabel("Name", { exact: true })).toHaveValue(studyName);
  await adminPage.getByRole("checkbox", { name: new RegExp(annB.name) }).check();
  await expect(adminPage.getByRole("checkbox", { name: /Blind/ })).toBeChecked();
  await adminPage.getByRole("button", { name: "Create study" }).click();
  await expect(adminPage).toHaveURL(/\/studies\/[0-9a-f-]{36}$/);
  const studyId = adminPage.url().split("/").at(-1) ?? "";
  await expect(adminPage.getByRole("heading", { name: studyName })).toBeVisible();
  await expect(adminPage.getByRole("table", { name: "Study items" }).getByRole("row")).toHaveCount(7);

  const pageA = await signedIn(browser, annA);
  await labelQueue(pageA, studyId, ANNOTATOR_KEYS.a, "annotation-item-blind.png");
  const pageB = await signedIn(browser, annB);
  await labelQueue(pageB, studyId, ANNOTATOR_KEYS.b, "annotation-item-blind-b.png");
  // Annotators cannot read the report while the study is open.
  await pageB.goto(`/studies/${studyId}/agreement`);
  await expect(pageB.getByRole("heading", { name: "Not allowed" })).toBeVisible();

  await adminPage.goto(`/studies/${studyId}/agreement`);
  const goal = adminPage
    .getByRole("table", { name: "Human agreement" })
    .locator('tr[data-dimension="goal_completion"]');
  await expect(goal).toContainText(EXPECTED_GOAL.percent);
  await expect(goal).toContainText(EXPECTED_GOAL.kappa);
  await expect(adminPage.getByRole("table", { name: "Annotator progress" })).toContainText(annA.name);
  await expect(adminPage.getByRole("table", { name: "Judge agreement" })).toContainText("three-way");
  await adminPage.screenshot({ path: "test-results/annotation-agreement.png", fullPage: true });

  const disputes = adminPage.getByRole("table", { name: "Disagreements" });
  const itemThree = disputes
    .getByRole("row")
    .filter({ hasText: "humans disagree" })
    .filter({ hasText: "Goal completion" });
  await expect(itemThree).toHaveCount(1);
  await itemThree.getByRole("combobox").selectOption("not_completed_agent");
  await itemThree.getByRole("button", { name: "Adjudicate" }).click();
  await expect(itemThree.getByRole("status")).toContainText("adjudicated");
  const csv = await adminPage.request.get(`/api/studies/${studyId}/labels?format=csv`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain("adjudicated");

  await itemThree.getByRole("link", { name: new RegExp(runName) }).click();
  await expect(adminPage).toHaveURL(/\/runs\/[^/]+\/trajectories\/[^/]+$/);
  await expect(adminPage.getByRole("heading", { level: 1, name: /Task refund/ })).toBeVisible();
});
