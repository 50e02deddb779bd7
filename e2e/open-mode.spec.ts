import { randomUUID } from "node:crypto";
import { expect, test, uploadBundle } from "./fixtures/upload";
import { sql } from "./support/sql";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { makeJudgedBundle } from "@/lib/testing/study-bundle";
import { uniqueId } from "@/lib/testing/factories";

// Without LOOPSCOPE_AUTH=required every visitor acts as the local admin (no account).
test.describe("open mode: the local admin", () => {
  test("is named once in the header, without a contradicting Sign in", async ({ page }) => {
    await page.goto("/runs");
    const header = page.locator("header.top");
    await expect(header.getByRole("link", { name: "local admin" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  });

  test("opens a study item read-only instead of a 403", async ({ page, request }) => {
    const annotators = [randomUUID(), randomUUID()];
    for (const annotator of annotators)
      await sql(`INSERT INTO "User" ("id", "email", "name", "passwordHash", "role") VALUES ($1, $2, $3, $4, $5)`, [
        annotator,
        `${uniqueId("open")}@example.test`,
        "Annotator Ann",
        "not a password hash",
        "annotator",
      ]);
    const judged = await uploadBundle(request, makeJudgedBundle(2, uniqueId("open-judged")));
    const created = await request.post("/api/studies", {
      data: {
        name: uniqueId("open study"),
        instructions: "",
        source: { runIds: [judged.runs[0]?.id ?? ""], suiteId: null },
        sampleSize: 2,
        sampling: { method: "random", by: null, seed: 1 },
        annotatorsPerItem: 2,
        annotatorIds: annotators,
        blind: true,
        rubric: makeDefaultRubric(),
      },
    });
    expect(created.status()).toBe(201);
    const { id: studyId } = (await created.json()) as { id: string };
    const { labels } = (await (await request.get(`/api/studies/${studyId}/labels?format=json`)).json()) as {
      labels: { item_id: string }[];
    };
    const response = await page.goto(`/studies/${studyId}/items/${labels[0]?.item_id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: /^Item \d\/2$/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Labels" })).toContainText("read-only");
    await expect(page.getByRole("region", { name: "Labels" })).toContainText("judge:");
    await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
  });

  test("annotates a study of their own, created in one step with an inline annotator", async ({ page, request }) => {
    const judged = await uploadBundle(request, makeJudgedBundle(2, uniqueId("open-own")));
    await page.goto(`/studies/new?run=${judged.runs[0]?.id ?? ""}`);
    const form = page.getByRole("form", { name: "New study" });
    await form.getByLabel("Sample size").fill("2");
    await form.getByRole("checkbox", { name: /^local admin/ }).check();
    await form.getByLabel("New annotator 1 name").fill(uniqueId("Inline"));
    await form.getByRole("button", { name: "Create study" }).click();
    await expect(form.getByRole("table", { name: "New annotator accounts" }).getByRole("row")).toHaveCount(2);
    await form.getByRole("link", { name: "Open the study" }).click();
    await expect(page.getByLabel("Progress")).toHaveText("0/2 done");
    await page.getByRole("link", { name: "Start annotating" }).click();
    for (const index of [1, 2]) {
      await expect(page.getByRole("heading", { name: `Item ${index}/2` })).toBeVisible();
      for (const key of ["1", "5", "7", "n"]) await page.keyboard.press(key);
    }
    await expect(page.getByLabel("Progress")).toHaveText("2/2 done");
  });
});
