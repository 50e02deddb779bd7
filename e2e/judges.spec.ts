import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page } from "@playwright/test";
import { createTestUser, signedIn } from "./support/accounts";
import { followUpload, type UploadResponse } from "./fixtures/upload";
import { ANNOTATOR_KEYS } from "./annotation-fixtures/study-labels";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { makeJudgedBundle } from "@/lib/testing/study-bundle";
import { uniqueId } from "@/lib/testing/factories";

/**
 * The imported judge's goal-completion verdicts on items 1..6 (by study position). The humans type
 * ANNOTATOR_KEYS: A = c c c ag ag us, B = c c ag ag ag us, so the human majority is c c (tie, dropped) ag ag us.
 *
 * Judge vs majority (items 1, 2, 4, 5, 6): J = c ag ag ag us, M = c c ag ag us -> agree on 4 of 5 = 80.0%.
 * J: c1 ag3 us1, M: c2 ag2 us1 -> p_e = (2 + 6 + 1)/25 = 9/25; kappa = (20 - 9)/(25 - 9) = 11/16 = 0.6875 -> 0.688.
 * Judge vs A (6 items): agree on 1, 3, 4, 5, 6 = 83.3%; J: c2 ag3 us1, A: c3 ag2 us1 -> p_e = 13/36;
 * kappa = (30 - 13)/(36 - 13) = 17/23 = 0.739. Judge vs B: agree on 1, 4, 5, 6 = 66.7%; both c2 ag3 us1 ->
 * p_e = 14/36; kappa = (24 - 14)/(36 - 14) = 5/11 = 0.455.
 */
const run = promisify(execFile);

const JUDGE_GOAL = [
  "completed",
  "not_completed_agent",
  "completed",
  "not_completed_agent",
  "not_completed_agent",
  "not_completed_user",
];

/** Labels every item of the annotator's queue with the keys of its study position; returns the positions in queue order. */
async function labelQueue(page: Page, studyId: string, keys: readonly (readonly string[])[]): Promise<number[]> {
  await page.goto(`/studies/${studyId}`);
  await expect(page.getByLabel("Progress")).toHaveText("0/6 done");
  await page.getByRole("link", { name: "Start annotating" }).click();
  const order: number[] = [];
  for (const index of keys.keys()) {
    await expect(page.getByRole("heading", { name: `Item ${index + 1}/6` })).toBeVisible();
    const position = Number(/item (\d+) \//.exec(await page.locator("main").innerText())?.[1] ?? 0);
    const itemKeys = keys[position - 1] ?? [];
    expect(itemKeys.length).toBeGreaterThan(0);
    order.push(position);
    for (const key of itemKeys) await page.keyboard.press(key);
    await expect(page.getByText("unsaved changes")).toBeVisible();
    await page.keyboard.press("n");
  }
  await expect(page).toHaveURL(new RegExp(`/studies/${studyId}$`));
  await expect(page.getByLabel("Progress")).toHaveText("6/6 done");
  return order;
}

async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByLabel("Judge verdicts file").setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Import verdicts" }).click();
}

/** Uploads six judged trajectories, creates a blind 2-annotator study of all six by API; item ids by position. */
async function createJudgedStudy(
  page: Page,
  annotatorIds: string[],
): Promise<{ studyId: string; itemAt: Map<number, string> }> {
  const upload = await page.request.post("/api/bundles", {
    data: JSON.stringify(makeJudgedBundle(6, uniqueId("judged-run"))),
    headers: { "content-type": "application/json" },
  });
  const stored = await followUpload(page.request, upload);
  expect(stored.status).toBe(201);
  const runId = (stored.body as UploadResponse).runs[0]?.id ?? "";
  const created = await page.request.post("/api/studies", {
    data: {
      name: uniqueId("judges e2e"),
      instructions: "",
      source: { runIds: [runId], suiteId: null },
      sampleSize: 6,
      sampling: { method: "random", by: null, seed: 5 },
      annotatorsPerItem: 2,
      annotatorIds,
      blind: true,
      rubric: makeDefaultRubric(),
    },
  });
  expect(created.status()).toBe(201);
  const { id: studyId } = (await created.json()) as { id: string };
  // Item ids by position, from the admin's label export (the bundle judge labelled every item's goal).
  const exported = await page.request.get(`/api/studies/${studyId}/labels?format=json`);
  const { labels } = (await exported.json()) as {
    labels: { item_id: string; position: number; source: string; dimension: string }[];
  };
  const itemAt = new Map(
    labels
      .filter((l) => l.source === "judge" && l.dimension === "goal_completion")
      .map((l) => [Number(l.position), l.item_id]),
  );
  expect(itemAt.size).toBe(6);
  return { studyId, itemAt };
}

/** A verdict file of the imported judge; `badLine` (2..7, the header is line 1) gets the label "maybe". */
function verdictFile(itemAt: Map<number, string>, judge: string, badLine: number | null = null): string {
  const rows = JUDGE_GOAL.map(
    (label, i) => `${itemAt.get(i + 1) ?? ""},${judge},1,goal_completion,${i + 2 === badLine ? "maybe" : label}`,
  );
  return ["item,judge,version,dimension,label", ...rows].join("\n");
}

test("judge verdicts imported on the study page are reported per judge against two annotators", async ({ browser }) => {
  const [admin, annA, annB] = await Promise.all([
    createTestUser("admin"),
    createTestUser("annotator"),
    createTestUser("annotator"),
  ]);
  const adminPage = await signedIn(browser, admin);
  const { studyId, itemAt } = await createJudgedStudy(adminPage, [annA.id, annB.id]);
  const judge = uniqueId("e2e-judge");

  await adminPage.goto(`/studies/${studyId}`);
  await chooseFile(adminPage, "bad-verdicts.csv", verdictFile(itemAt, judge, 5));
  const form = adminPage.getByRole("form", { name: "Import judge verdicts" });
  await expect(form.getByRole("alert")).toContainText("nothing was imported");
  const issues = form.getByRole("table", { name: "Judge import issues" });
  await expect(issues.getByRole("row")).toHaveCount(2);
  await expect(issues.getByRole("row").nth(1)).toHaveText(/^5\s*label\s*maybe\s*not an option of goal_completion/);
  // Nothing written: the report still knows only the bundle judge.
  const before = await adminPage.request.get(`/api/studies/${studyId}/report?format=json`);
  expect(await before.text()).not.toContain(judge);

  await chooseFile(adminPage, "verdicts.csv", verdictFile(itemAt, judge));
  await expect(form.getByRole("status")).toHaveText(`imported 6 verdicts: ${judge} 1 (6)`);
  await chooseFile(adminPage, "verdicts-again.csv", verdictFile(itemAt, judge));
  await expect(form.getByRole("alert")).toContainText("duplicate");

  const orderA = await labelQueue(await signedIn(browser, annA), studyId, ANNOTATOR_KEYS.a);
  const orderB = await labelQueue(await signedIn(browser, annB), studyId, ANNOTATOR_KEYS.b);
  expect([...orderA].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  expect([...orderB].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  expect(orderA).not.toEqual(orderB);

  await adminPage.goto(`/studies/${studyId}/agreement`);
  const table = adminPage.getByRole("table", { name: "Judge agreement" });
  const row = (against: string) =>
    table
      .getByRole("row")
      .filter({ hasText: "Goal completion" })
      .filter({ hasText: `${judge} 1 vs ${against}` });
  await expect(row("human majority")).toContainText("80.0%");
  await expect(row("human majority")).toContainText("0.688");
  await expect(row(annA.name)).toContainText("83.3%");
  await expect(row(annA.name)).toContainText("0.739");
  await expect(row(annB.name)).toContainText("66.7%");
  await expect(row(annB.name)).toContainText("0.455");
  await expect(adminPage.getByRole("figure", { name: "Judge agreement chart" })).toContainText(
    `Goal completion: ${judge} 1 κ 0.688`,
  );
  const progress = adminPage.getByRole("table", { name: "Annotator progress" });
  const cells = progress.getByRole("row").filter({ hasText: annA.name }).getByRole("cell");
  // Done, remaining, assigned, and a measured median time per item (the page timed each open-to-save).
  await expect(cells.nth(1)).toHaveText("6");
  await expect(cells.nth(2)).toHaveText("0");
  await expect(cells.nth(3)).toHaveText("6");
  await expect(cells.nth(4)).toHaveText(/^\d+\.\d (s|min)$/);
});

test("the CLI imports judge verdicts with an admin's upload token and exits non-zero on a rejection", async ({
  browser,
  baseURL,
}) => {
  const admin = await createTestUser("admin");
  const page = await signedIn(browser, admin);
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Create API token" });
  await form.getByLabel("Name").fill("judge imports");
  await form.getByLabel("upload").check();
  await form.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token").textContent()) ?? "";
  expect(token).toMatch(/^lsk_/);
  const { studyId, itemAt } = await createJudgedStudy(
    page,
    (await Promise.all([createTestUser("annotator"), createTestUser("annotator")])).map((user) => user.id),
  );
  const judge = uniqueId("cli-judge");
  const dir = mkdtempSync(path.join(tmpdir(), "judge-cli-"));
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const cli = (file: string) =>
    run("node", [
      "bin/loopscope.mjs",
      "judge-labels",
      file,
      "--study",
      studyId,
      "--url",
      baseURL ?? "",
      "--token",
      token,
    ]);

  const bad = await cli(write("bad.csv", verdictFile(itemAt, judge, 3))).catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect(bad).toMatchObject({ code: 1 });
  expect("stderr" in bad ? bad.stderr : "").toContain("rejected (422)");
  expect("stderr" in bad ? bad.stderr : "").toContain(
    'line 3, column label (value "maybe"): not an option of goal_completion',
  );
  const good = await cli(write("good.csv", verdictFile(itemAt, judge)));
  expect(good.stdout).toContain(`imported 6 verdicts: ${judge} 1 (6)`);
  const again = await cli(write("again.csv", verdictFile(itemAt, judge))).catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect(again).toMatchObject({ code: 1 });
  expect("stderr" in again ? again.stderr : "").toContain("rejected (409): duplicate import");
});
