import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "@/lib/testing/free-port";
import { makeTau2Document, tau2Text } from "@/lib/testing/tau2-fixtures";
import { reachable } from "../scripts/reachable.mjs";
import { launchServer, logTail, stopServer, type LaunchedServer } from "./support/launched-server";

/**
 * The newcomer's path of the README's Quick start: no DATABASE_URL, so scripts/with-database.mjs serves an embedded
 * PGlite, migrates it and loads the demo. Everything else in the E2E suite runs on PostgreSQL; this spec is the one
 * that meets PGlite's wire protocol (a repeated upload once left the app's only connection unusable) and the
 * launcher's shutdown (a stopped launcher once left next-server running on its port).
 */
const SERVER_LOG = join("test-results", "embedded-server.log");
/** Migrating a new PGlite and loading the demo take about a minute on a busy machine. */
const SERVER_START_MS = 240_000;

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: LaunchedServer | undefined;
let dataDir = "";
let databasePort = 0;

test.beforeAll(async () => {
  test.setTimeout(SERVER_START_MS + 30_000);
  dataDir = mkdtempSync(join(tmpdir(), "loopscope-embedded-"));
  databasePort = await freePort();
  server = await launchServer({
    env: {
      DATABASE_URL: undefined,
      LOOPSCOPE_DATA_DIR: join(dataDir, "pglite"),
      LOOPSCOPE_PGLITE_PORT: String(databasePort),
      LOOPSCOPE_UPLOAD_DIR: join(dataDir, "uploads"),
    },
    flags: ["--seed"],
    log: SERVER_LOG,
    readyWithinMs: SERVER_START_MS,
  });
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach("server log tail", { body: logTail(SERVER_LOG), contentType: "text/plain" });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
});

test("the Quick start serves the demo leaderboard from the embedded database", async ({ page }) => {
  expect(existsSync(join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
  await page.goto(`${server?.base}/runs`);
  // The default view is the model x suite grid: one row per model and variant, each cell a link to its run.
  const row = page.getByRole("row").filter({ hasText: "qwen3-14b" }).filter({ hasText: "sft" });
  await expect(row.getByRole("link", { name: /%$/ })).toBeVisible();
  await page.getByRole("link", { name: "All runs in one list" }).click();
  await expect(page.getByRole("link", { name: "Qwen3-14B SFT" }).first()).toBeVisible();
});

test("a tau2 file is stored, the same file again is a duplicate, and the app answers afterwards", async ({
  request,
}) => {
  const base = server?.base ?? "";
  const body = Buffer.from(tau2Text(makeTau2Document(3, 2), "indented"));
  const post = () =>
    request.post(`${base}/api/bundles`, {
      headers: { "content-type": "application/octet-stream", "x-file-name": "results.json" },
      data: body,
    });
  // Without a job queue the embedded server ingests in the request: the answer is final.
  const first = await post();
  expect(first.status()).toBe(201);
  const stored = (await first.json()) as {
    duplicate: boolean;
    runs: { id: string }[];
    counts: { trajectories: number };
  };
  expect(stored).toMatchObject({ duplicate: false, counts: { trajectories: 6 } });

  const again = await post();
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ duplicate: true, runs: stored.runs });

  const runs = await request.get(`${base}/api/runs`);
  expect(runs.status()).toBe(200);
  expect(JSON.stringify(await runs.json())).toContain(stored.runs[0]?.id);
  // Indexed for search right after the upload (in the same process on the embedded database).
  const search = await request.get(`${base}/api/search?q=get_user&run=${stored.runs[0]?.id}`);
  expect(search.status()).toBe(200);
  // Each of the 6 trajectories calls get_user once: the call and its result.
  expect(await search.json()).toMatchObject({ matches: 12, pendingRuns: [] });
});

test("stopping the launcher alone stops the app and the embedded database with it", async () => {
  const running = server;
  if (!running) throw new Error("no server");
  expect(await reachable("127.0.0.1", running.port)).toBe(true);
  // SIGTERM to the launcher only, as a process manager sends it; not to the process group.
  running.child.kill("SIGTERM");
  expect(await running.exited).not.toBeNull();
  await expect.poll(() => reachable("127.0.0.1", running.port), { timeout: 10_000 }).toBe(false);
  await expect.poll(() => reachable("127.0.0.1", databasePort), { timeout: 10_000 }).toBe(false);
  server = undefined;
});
