import { expect, test } from "@playwright/test";
import { sql } from "./support/sql";
import type { EventInput } from "@/lib/testing/factories";
import { makeBundle, makeRun, makeTrajectory, uniqueId } from "@/lib/testing/factories";
import { runNamed, uploadBundle, waitUntilSearchable, type UploadedRun } from "./run-fixtures/upload-bundle";

// A word no other spec's data contains, so every hit below comes from this file's runs.
const marker = `qzsearch${Date.now().toString(36)}`;
const ERROR_SEQ = 602;
let deep: UploadedRun;
let other: UploadedRun;

/** 800 events in turns of four; one tool result deep inside fails with a message worth searching for. */
function deepErrorEvents(): EventInput[] {
  const events: EventInput[] = [];
  for (let index = 0; events.length < 800; index += 1) {
    const failing = events.length + 2 === ERROR_SEQ;
    events.push({ kind: "user_message", text: `Question ${index} ${marker}` });
    events.push({ kind: "tool_call", tool: "lookup", callId: `c${index}`, arguments: { page: index } });
    events.push({
      kind: "tool_result",
      tool: "lookup",
      callId: `c${index}`,
      output: failing ? `Error: ledger shard ${marker} is sealed` : { page: index },
      error: failing,
    });
    events.push({ kind: "agent_message", text: `Answer ${index}` });
  }
  return events;
}

test.beforeAll(async ({}, testInfo) => {
  const baseURL = String(testInfo.project.use.baseURL);
  deep = runNamed(
    await uploadBundle(
      baseURL,
      makeBundle({
        runs: [makeRun({ id: "deep", name: `search deep ${uniqueId("deep")}`, pairingKey: undefined })],
        trajectories: [makeTrajectory({ run: "deep", events: deepErrorEvents() })],
        turnPredictions: [],
      }),
    ),
    "search deep",
  );
  other = runNamed(
    await uploadBundle(
      baseURL,
      makeBundle({
        runs: [makeRun({ id: "other", name: `search other ${uniqueId("other")}`, pairingKey: undefined })],
        trajectories: [
          makeTrajectory({
            run: "other",
            events: [{ kind: "user_message", text: `Is the ledger shard ${marker} sealed too?` }],
          }),
        ],
        turnPredictions: [],
      }),
    ),
    "search other",
  );
  await waitUntilSearchable(baseURL, [deep, other]);
});

test("a search finds an error message and its link opens the timeline at that event", async ({ page }) => {
  await page.goto("/search");
  await page.getByRole("searchbox", { name: "Search" }).fill(`"shard ${marker} is sealed"`);
  await page.getByLabel("tool call errored").check();
  await page.getByRole("button", { name: "Search" }).click();
  const hits = page.getByTestId("search-hit");
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toContainText("tool error");
  await expect(hits.first().locator("mark")).toHaveText(`shard ${marker} is sealed`);
  await page.screenshot({ path: "test-results/search-results.png", fullPage: true });
  await hits
    .first()
    .getByRole("link", { name: new RegExp(`${deep.name} .*event #${ERROR_SEQ}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/runs/${deep.id}/trajectories/.+#event-${ERROR_SEQ}$`));
  const row = page.locator(`[data-event-row="${ERROR_SEQ}"]`);
  await expect(row).toBeInViewport();
  await expect(row).toContainText(`ledger shard ${marker} is sealed`);
});

test("search within this run from the run page keeps to that run", async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent(`ledger ${marker}`)}`);
  await expect(page.getByTestId("search-hit")).toHaveCount(2);

  await page.goto(`/runs/${other.id}`);
  const form = page.getByRole("search", { name: "Search within this run" });
  await form.getByRole("searchbox").fill(`ledger ${marker}`);
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?run=${other.id}&q=`));
  const hits = page.getByTestId("search-hit");
  await expect(hits).toHaveCount(1);
  await expect(hits.first()).toContainText(other.name);
  await expect(page.getByLabel("Run")).toHaveValue(other.id);
});

test("a run whose search indexes are not built yet is named and left out, and found once they are", async ({
  page,
}) => {
  // The state between an upload's answer and its index job (docs/search.md, "Indexing after upload").
  await sql(`UPDATE "Run" SET "searchIndexedAt" = NULL WHERE id = $1`, [other.id]);
  try {
    await page.goto(`/search?q=${encodeURIComponent(`ledger ${marker}`)}`);
    await expect(page.getByTestId("search-hit")).toHaveCount(1);
    const notice = page.getByTestId("search-pending-runs");
    await expect(notice).toContainText("1 run is still being indexed for search and was not searched");
    await notice.getByRole("link", { name: other.name }).click();
    await expect(page).toHaveURL(new RegExp(`/runs/${other.id}$`));
  } finally {
    await sql(`UPDATE "Run" SET "searchIndexedAt" = CURRENT_TIMESTAMP WHERE id = $1`, [other.id]);
  }
  await page.goto(`/search?q=${encodeURIComponent(`ledger ${marker}`)}`);
  await expect(page.getByTestId("search-hit")).toHaveCount(2);
  await expect(page.getByTestId("search-pending-runs")).toHaveCount(0);
});

test("a query that is too long is refused with the reason", async ({ page }) => {
  await page.goto(`/search?q=${"a".repeat(201)}`);
  // Filtered: Next.js adds its own (empty) route announcer with role "alert".
  await expect(page.getByRole("alert").filter({ hasText: "q: at most 200 characters" })).toBeVisible();
  const response = await page.request.get(`/api/search?q=${"a".repeat(201)}`);
  expect(response.status()).toBe(400);
});
