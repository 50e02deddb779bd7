import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { REAL_DATA_DIR, REAL_DATA_SKIP_REASON, realDataFile } from "@/lib/testing/real-data";
import { uniqueId } from "@/lib/testing/factories";
import { createTestUser, signedIn } from "./support/accounts";

// Runs on the auth server (file name ends in auth.spec.ts): the annotators created inline sign in as themselves.
const RESULTS = "azure-airline-full.json";
const REVIEW = "airline-multi-judge-full.json.summary_quick_triage_v1.json";
const REVIEW_JUDGE = "quick_triage_v1 azure/gpt-4o-2024-11-20";
const SAMPLE = 4;

// Two uploads, a study and two annotators labelling through the browser: minutes on a loaded 2-core machine.
test.describe.configure({ timeout: 300_000 });

async function expectNoAxeViolations(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(
      results.violations.map(
        (violation) =>
          `${width} px ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      ),
    ).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const WITH_NL = "azure-airline-full.with-nl-assertions.json";

/**
 * The shared tau2 file carries no NL assertions (`reward_info.nl_assertions` is null in all 50 simulations), so the
 * NL-assertion judge is exercised on a copy made in memory (no file written): one SYNTHETIC assertion per simulation,
 * met on successes and on every third failure. Same bytes every time, so a repeat is a duplicate of the same run.
 */
function withSyntheticNlAssertions(): Buffer {
  const results = JSON.parse(readFileSync(realDataFile("tau2-judges", RESULTS), "utf8")) as {
    simulations: { reward_info: { reward?: number; nl_assertions?: unknown } }[];
  };
  results.simulations.forEach((simulation, index) => {
    simulation.reward_info.nl_assertions = [
      {
        nl_assertion: "The agent follows the airline policy",
        met: simulation.reward_info.reward === 1 || index % 3 === 0,
        justification: "synthetic verdict added by the E2E test",
      },
    ];
  });
  return Buffer.from(JSON.stringify(results));
}

/** Uploads one file through the page; a repeat of an earlier test run is answered as already uploaded. */
async function uploadThroughPage(page: Page, file: string, buffer?: Buffer) {
  await page
    .getByLabel("Bundle files")
    .setInputFiles(buffer ? { name: file, mimeType: "application/json", buffer } : realDataFile("tau2-judges", file));
  const status = page.getByRole("region", { name: `Upload of ${file}` }).getByRole("status");
  await expect(status).toContainText(/Stored|Already uploaded/, { timeout: 120_000 });
  return status;
}

/** Signs in with the credentials the study form showed, and labels the whole queue by keyboard only. */
async function labelByKeyboard(
  browser: Browser,
  account: Account,
  studyId: string,
  goalKey: (index: number) => string,
) {
  const page = await signedIn(browser, { id: "", ...account });
  await page.goto(`/studies/${studyId}`);
  await expect(page.getByLabel("Progress")).toHaveText(`0/${SAMPLE} done`);
  await page.getByRole("link", { name: "Start annotating" }).click();
  for (let index = 0; index < SAMPLE; index += 1) {
    await expect(page.getByRole("heading", { name: `Item ${index + 1}/${SAMPLE}` })).toBeVisible();
    // Default rubric keys: 1-3 goal completion, 5 tool hallucination no, 7 user hallucination no; n saves and moves on.
    for (const key of [goalKey(index), "5", "7"]) await page.keyboard.press(key);
    await expect(page.getByText("unsaved changes")).toBeVisible();
    await page.keyboard.press("n");
  }
  await expect(page).toHaveURL(new RegExp(`/studies/${studyId}$`));
  await expect(page.getByLabel("Progress")).toHaveText(`${SAMPLE}/${SAMPLE} done`);
  await page.context().close();
}

interface Account {
  name: string;
  email: string;
  password: string;
}

test("a run's judges lead to a study in one step: inline annotators label, the report sets humans against every judge", async ({
  browser,
}) => {
  test.skip(!REAL_DATA_DIR, REAL_DATA_SKIP_REASON);
  const admin = await signedIn(browser, await createTestUser("admin"));
  await admin.goto("/upload");
  await uploadThroughPage(admin, RESULTS);
  // The review attaches to every stored run with its simulation ids: the shared file's run and the copy's.
  const results = await uploadThroughPage(admin, WITH_NL, withSyntheticNlAssertions());
  const runHref = (await results.getByRole("link").first().getAttribute("href")) ?? "";
  expect(runHref).toMatch(/^\/runs\//);
  await uploadThroughPage(admin, REVIEW);

  // The run's Judges view starts the study on its trajectories.
  await admin.goto(runHref);
  const judges = admin.getByRole("region", { name: "Judges", exact: true });
  const judgeRows = judges.getByRole("table", { name: "Judges vs the benchmark's outcome" });
  await expect(judgeRows).toContainText("quick_triage_v1");
  await expect(judgeRows).toContainText("tau2 NL assertions");
  await judges.getByRole("link", { name: "Start a study on these trajectories" }).click();
  await expect(admin).toHaveURL(/\/studies\/new\?run=/);
  const form = admin.getByRole("form", { name: "New study" });
  // Prefilled: the run, a name, every trajectory the judges cover (50), stratified by outcome.
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(/^Humans vs judges: /);
  await expect(form.getByLabel("Sample size")).toHaveValue("50");
  await expect(form.getByLabel("Sampling")).toHaveValue("outcome");
  await expect(form).toContainText("50 of the run's 50 trajectories have a judge verdict");
  await expect(form).toContainText("inter-annotator agreement");
  await expectNoAxeViolations(admin);

  const studyName = uniqueId("one-step study");
  await form.getByLabel("Name", { exact: true }).fill(studyName);
  await form.getByLabel("Sample size").fill(String(SAMPLE));
  const names = [uniqueId("Ada"), uniqueId("Bo")];
  // One annotator is refused with a sentence, not a schema path.
  await form.getByLabel("New annotator 1 name").fill(names[0] ?? "");
  await form.getByRole("button", { name: "Create study" }).click();
  const alert = form.getByRole("alert");
  await expect(alert).toContainText("at least two annotators: only the agreement between two people");
  await expect(alert).not.toContainText("annotatorIds");
  await form.getByLabel("New annotator 2 name").fill(names[1] ?? "");
  await form.getByRole("button", { name: "Create study" }).click();

  // The passwords are shown once, beside the link to the study.
  const accountsTable = form.getByRole("table", { name: "New annotator accounts" });
  await expect(accountsTable.getByRole("row")).toHaveCount(3);
  const accounts: Account[] = [];
  for (const name of names) {
    const cells = accountsTable.getByRole("row", { name: new RegExp(name) }).getByRole("cell");
    accounts.push({ name, email: await cells.nth(1).innerText(), password: await cells.nth(2).innerText() });
  }
  await form.getByRole("link", { name: "Open the study" }).click();
  await expect(admin).toHaveURL(/\/studies\/[0-9a-f-]{36}$/);
  const studyId = admin.url().split("/").at(-1) ?? "";
  await expect(admin.getByRole("heading", { name: studyName })).toBeVisible();

  const [ada, bo] = accounts;
  if (!ada || !bo) throw new Error("two accounts");
  // Ada reads every item as completed; Bo says the agent failed every second one.
  await labelByKeyboard(browser, ada, studyId, () => "1");
  await labelByKeyboard(browser, bo, studyId, (index) => (index % 2 === 0 ? "1" : "2"));

  await admin.goto(`/studies/${studyId}/agreement`);
  const judgeTable = admin.getByRole("table", { name: "Judge agreement" });
  // Humans vs the review judge vs the NL-assertion judge vs the benchmark's outcome, on the pass / fail reading of
  // goal completion.
  const passFailRows = judgeTable.getByRole("row").filter({ hasText: "Goal completed (pass / fail)" });
  await expect(passFailRows.filter({ hasText: REVIEW_JUDGE }).first()).toBeVisible();
  await expect(passFailRows.filter({ hasText: "tau2 NL assertions" }).first()).toBeVisible();
  await expect(passFailRows.filter({ hasText: "benchmark outcome" }).first()).toBeVisible();
  await expect(passFailRows.filter({ hasText: ada.name }).first()).toBeVisible();
  // Humans disagree on every second item: each such row names the review judge's verdict and the outcome.
  const disputes = admin
    .getByRole("table", { name: "Disagreements" })
    .getByRole("row")
    .filter({ hasText: "Goal completed (pass / fail)" });
  await expect(disputes.first()).toContainText(new RegExp(`${REVIEW_JUDGE.replace(/[/.]/g, "\\$&")}: (pass|fail)`));
  await expect(disputes.first()).toContainText(/tau2 NL assertions: (pass|fail)/);
  await expect(disputes.first()).toContainText(/benchmark outcome: (pass|fail)/);
  await expect(disputes.first()).not.toContainText(`${REVIEW_JUDGE}: n/a`);
  await expectNoAxeViolations(admin);
});
