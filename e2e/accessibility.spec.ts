import { readFileSync, readdirSync } from "node:fs";
import { randomUUID } from "node:crypto";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, uploadBundle, followUpload, type UploadResponse } from "./fixtures/upload";
import { sql } from "./support/sql";
import { generateDemoBundles } from "@/lib/demo/generate-demo-bundles";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { makeJudgedBundle } from "@/lib/testing/study-bundle";
import { makeBundle, makeRun, makeTrajectory, uniqueId, type EventInput } from "@/lib/testing/factories";
import { REAL_DATA_DIR, REAL_DATA_SKIP_REASON } from "@/lib/testing/real-data";

/**
 * Every page, at 1,440 and 390 px, filled with realistic data (the demo bundles and the shared real
 * tau2 / tau-bench files), has no axe-core violation of WCAG 2.0/2.1 A and AA.
 */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const WIDTHS = [1440, 390] as const;

interface RunRow {
  id: string;
  name: string;
  suiteId: string;
  pairedRunIds: string[];
}

async function listRuns(request: APIRequestContext): Promise<RunRow[]> {
  const body = (await (await request.get("/api/runs")).json()) as { runs: RunRow[] };
  return body.runs;
}

/** Uploads a file from the shared real data as the upload page would; a repeat answers as a duplicate. */
async function uploadRealFile(request: APIRequestContext, file: string): Promise<void> {
  const response = await request.post("/api/bundles", {
    multipart: { file: { name: path.basename(file), mimeType: "application/json", buffer: readFileSync(file) } },
  });
  const { status, body } = await followUpload(request, response);
  expect(status, JSON.stringify(body)).toBeLessThan(300);
}

/** The first href on `from` whose path starts with `prefix`. */
async function firstLink(page: Page, from: string, prefix: string): Promise<string> {
  await page.goto(from);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href");
  expect(href, `a link to ${prefix} on ${from}`).not.toBeNull();
  return href ?? "";
}

async function expectNoViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.slice(0, 4).map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
    count: violation.nodes.length,
  }));
  expect(summary, `${label}: ${JSON.stringify(summary, null, 1)}`).toEqual([]);
}

test.describe("accessibility: axe-core on every page at 1,440 and 390 px", () => {
  test.describe.configure({ timeout: 300_000 });
  test.skip(!REAL_DATA_DIR, REAL_DATA_SKIP_REASON);
  const pages: Record<string, string> = {};

  test.beforeAll(async ({ browser, request }) => {
    // The demo (4 bundles) and the real files: minutes on a busy machine, once per worker.
    test.setTimeout(600_000);
    for (const bundle of generateDemoBundles()) await uploadBundle(request, bundle, `${bundle.runs[0]?.name}.json`);
    const realDir = REAL_DATA_DIR ?? "";
    for (const name of readdirSync(realDir)
      .filter((file) => file.endsWith(".json"))
      .sort())
      await uploadRealFile(request, path.join(realDir, name));

    // An open study of a judged run, annotated by two accounts made for it.
    const annotatorIds = [randomUUID(), randomUUID()];
    for (const id of annotatorIds)
      await sql(`INSERT INTO "User" ("id", "email", "name", "passwordHash", "role") VALUES ($1, $2, $3, $4, $5)`, [
        id,
        `${uniqueId("a11y")}@example.test`,
        `Annotator ${id.slice(0, 4)}`,
        "not a password hash",
        "annotator",
      ]);
    const judged: UploadResponse = await uploadBundle(request, makeJudgedBundle(6, uniqueId("a11y-judged")));
    const created = await request.post("/api/studies", {
      data: {
        name: uniqueId("a11y study"),
        instructions: "Label whether the agent completed the goal.",
        source: { runIds: [judged.runs[0]?.id ?? ""], suiteId: null },
        sampleSize: 6,
        sampling: { method: "random", by: null, seed: 5 },
        annotatorsPerItem: 2,
        annotatorIds,
        blind: false,
        rubric: makeDefaultRubric(),
      },
    });
    expect(created.status()).toBe(201);
    const { id: studyId } = (await created.json()) as { id: string };
    const exported = await request.get(`/api/studies/${studyId}/labels?format=json`);
    const { labels } = (await exported.json()) as { labels: { item_id: string }[] };

    const runs = await listRuns(request);
    const realRun = runs.find((run) => run.name.includes("gpt-4o") && !run.name.startsWith("ft:")) ?? runs[0];
    const demoPair = runs.find((run) => run.pairedRunIds.length > 0 && run.name.toLowerCase().includes("qwen"));
    expect(realRun).toBeDefined();
    expect(demoPair).toBeDefined();
    const compare = `/compare?runs=${demoPair?.pairedRunIds[0]},${demoPair?.id}`;
    const page = await browser.newPage();
    Object.assign(pages, {
      leaderboard: "/runs",
      "leaderboard of a suite": `/runs?suite=${realRun?.suiteId}`,
      "run (real)": `/runs/${realRun?.id}`,
      "run (demo)": `/runs/${demoPair?.id}`,
      "trajectory (real)": await firstLink(page, `/runs/${realRun?.id}`, `/runs/${realRun?.id}/trajectories/`),
      "trajectory (demo)": await firstLink(page, `/runs/${demoPair?.id}`, `/runs/${demoPair?.id}/trajectories/`),
      compare,
      "compare/task": await firstLink(page, compare, "/compare/task"),
      experiments: "/experiments",
      protocol: `/suites/${realRun?.suiteId}/protocol`,
      search: "/search?q=cancel_reservation",
      upload: "/upload",
      studies: "/studies",
      "new study": "/studies/new",
      study: `/studies/${studyId}`,
      "study report": `/studies/${studyId}/agreement`,
      "annotation item": `/studies/${studyId}/items/${labels[0]?.item_id}`,
      users: "/admin/users",
      audit: "/admin/audit",
      account: "/account",
      "sign in": "/signin",
    });
    await page.close();
  });

  for (const width of WIDTHS) {
    test(`every page at ${width} px has no WCAG A/AA violation`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const failures: string[] = [];
      for (const [name, url] of Object.entries(pages)) {
        const status = (await page.goto(url))?.status() ?? 0;
        if (status >= 400) {
          failures.push(`${name} (${url}) answered ${status}`);
          continue;
        }
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
        // Hydrated: scroll containers that overflow at this width have been made focusable (components/scroll-regions.tsx).
        await page.waitForFunction(() => document.body.dataset.scrollRegions === "ready");
        try {
          await expectNoViolations(page, `${name} (${url}) at ${width} px`);
        } catch (error) {
          failures.push(error instanceof Error ? (error.message.split("\n\n")[0] ?? "") : String(error));
        }
      }
      expect(failures, failures.join("\n")).toEqual([]);
    });
  }
});

test.describe("/compare/task layout", () => {
  test.describe.configure({ timeout: 120_000 });
  let url = "";

  test.beforeAll(async ({ request }) => {
    // One task, base and SFT: the SFT's user rewords the request and the agent answers at length.
    const long = "Your refund of 2500 cents for the duplicate charge on order A-104 has been issued. ".repeat(12);
    const reworded = (text: string): EventInput[] => [
      { kind: "user_message", text },
      { kind: "tool_call", tool: "lookup", callId: "c1", arguments: { order_id: "A-104" } },
      { kind: "tool_result", tool: "lookup", callId: "c1", output: { status: "paid" } },
      { kind: "agent_message", text: long },
    ];
    const pairingKey = uniqueId("layout-pair");
    const stored = await uploadBundle(
      request,
      makeBundle({
        runs: [makeRun({ id: "base", pairingKey }), makeRun({ id: "sft", variant: "sft", pairingKey })],
        trajectories: [
          makeTrajectory({ run: "base", events: reworded("Please refund the duplicate charge on A-104.") }),
          makeTrajectory({ run: "sft", events: reworded("I was charged twice for A-104, refund one of them please.") }),
        ],
        turnPredictions: [],
      }),
    );
    const [base, sft] = stored.runs.map((run) => run.id);
    url = `/compare/task?runs=${base},${sft}&task=refund`;
  });

  for (const width of WIDTHS) {
    test(`fits ${width} px and breaks no word mid-word`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      const note = page.getByText("reworded", { exact: true });
      await expect(note).toBeVisible();
      const layout = await page.evaluate(() => {
        const lines = (element: Element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        };
        const notes = [...document.querySelectorAll("table[aria-label='Side-by-side timelines'] td div")].filter(
          (element) => element.textContent === "reworded",
        );
        const summaries = [...document.querySelectorAll("table[aria-label='Side-by-side timelines'] summary")];
        return {
          scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
          noteLines: notes.map(lines),
          narrowestSummary: Math.min(...summaries.map((summary) => summary.getBoundingClientRect().width)),
        };
      });
      expect(layout.scrollWidth).toBeLessThanOrEqual(width);
      expect(layout.noteLines).toEqual([1]);
      // Message text is never squeezed to a few characters a line (it was one character a line at 390 px).
      expect(layout.narrowestSummary).toBeGreaterThan(width === 390 ? 250 : 300);
    });
  }
});
