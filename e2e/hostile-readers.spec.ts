import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { makeBundle, makeEvents, makeRun, makeTrajectory } from "@/lib/testing/factories";
import { makeTau2Document, tau2Text } from "@/lib/testing/tau2-fixtures";
import { tableCounts } from "@/lib/testing/table-counts";
import { followUpload } from "./fixtures/upload";
import { processTree } from "../scripts/run-child.mjs";
import { launchServer, logTail, stopServer, type LaunchedServer } from "./support/launched-server";

/**
 * The reader bombs of issue 34 against a `next start` of its own with the default limits and heap cap (each of
 * these once killed such a server): every one answers 4xx within seconds with a located issue as the upload's final
 * status, writes nothing, leaves the server answering GET /api/runs within 2 s, and its RSS under the bound.
 */

// Its own database and ingest queue (scripts/with-database.mjs creates and migrates it).
const DATABASE_URL = (
  process.env.E2E_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_e2e_test"
).replace(/_test$/, "_readers_test");
const MiB = 1024 * 1024;
const MAX_PROBE_MS = 2000;
const MAX_RSS_BYTES = 500 * MiB;
const MAX_ANSWER_SECONDS = 30;
const SERVER_START_MS = 180_000;
const SERVER_LOG = join("test-results", "hostile-readers-server.log");

test.describe.configure({ mode: "serial", timeout: 180_000 });

let server: LaunchedServer | undefined;
let uploadDir = "";
let idleProbeMs = 0;

function treeRss(root: number): number {
  let bytes = 0;
  for (const pid of processTree(root)) {
    try {
      bytes += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;
    } catch {
      // Gone.
    }
  }
  return bytes;
}

test.beforeAll(async () => {
  test.setTimeout(SERVER_START_MS + 30_000);
  uploadDir = mkdtempSync(join(tmpdir(), "loopscope-readers-"));
  server = await launchServer({
    env: { DATABASE_URL, LOOPSCOPE_UPLOAD_DIR: uploadDir },
    log: SERVER_LOG,
    readyWithinMs: SERVER_START_MS,
  });
  for (let probe = 0; probe < 10; probe += 1) {
    const started = Date.now();
    await (await fetch(`${server.base}/api/runs?limit=1`)).arrayBuffer();
    idleProbeMs = Math.max(idleProbeMs, Date.now() - started);
  }
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach("server log tail", { body: logTail(SERVER_LOG), contentType: "text/plain" });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  server = undefined;
  rmSync(uploadDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  body: { error?: string; issues?: { path: string; message: string; line?: number }[]; warnings?: string[] };
}

/** Uploads `body` and follows the job to its final status, probing the run list and sampling RSS meanwhile. */
async function upload(request: APIRequestContext, body: Buffer, fileName: string) {
  const base = server?.base ?? "";
  const pid = server?.child.pid ?? 0;
  let done = false;
  let slowestProbeMs = 0;
  let probes = 0;
  let peakRss = treeRss(pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, treeRss(pid));
  }, 100);
  const probe = (async () => {
    while (!done) {
      const started = Date.now();
      await (await fetch(`${base}/api/runs?limit=1`)).arrayBuffer();
      slowestProbeMs = Math.max(slowestProbeMs, Date.now() - started);
      probes += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = Date.now();
  try {
    const response = await request.post(`${base}/api/bundles`, {
      headers: { "content-type": "application/octet-stream", "x-file-name": fileName },
      data: body,
      timeout: 120_000,
    });
    const answer = (await followUpload(request, response)) as Answer;
    return { ...answer, seconds: (Date.now() - started) / 1000, slowestProbeMs, probes, peakRss };
  } finally {
    done = true;
    clearInterval(sampler);
    await probe;
  }
}

/** A bomb: 422 within seconds, its first issue located, nothing written, the server responsive and small. */
async function refused(request: APIRequestContext, body: Buffer, fileName: string) {
  const before = await tableCounts(DATABASE_URL);
  const outcome = await upload(request, body, fileName);
  const measured = `${fileName} (${body.length} bytes): ${outcome.status} in ${outcome.seconds.toFixed(1)} s, slowest probe ${outcome.slowestProbeMs} ms (idle ${idleProbeMs} ms), peak RSS ${Math.round(outcome.peakRss / MiB)} MB`;
  console.log(`measured ${measured}`);
  test.info().annotations.push({ type: "measured", description: measured });
  const summary = `${measured}; answer ${JSON.stringify(outcome.body).slice(0, 400)}`;
  expect(outcome.status, summary).toBe(422);
  expect(outcome.seconds, summary).toBeLessThan(MAX_ANSWER_SECONDS);
  expect(outcome.probes, summary).toBeGreaterThan(0);
  expect(outcome.slowestProbeMs, summary).toBeLessThan(MAX_PROBE_MS + idleProbeMs);
  expect(outcome.peakRss, summary).toBeLessThan(MAX_RSS_BYTES);
  expect(await tableCounts(DATABASE_URL)).toEqual(before);
  expect(outcome.body.error, summary).toMatch(/^the bundle was rejected: .*nothing was stored$/);
  const [first] = outcome.body.issues ?? [];
  expect(first?.path ?? first?.line, summary).toBeDefined();
  return first;
}

/** Concatenated gzip members: a long stream of one repeated block costs one small compression. */
function repeatedGzip(parts: { block: Buffer; times: number }[]): Buffer {
  return Buffer.concat(
    parts.flatMap(({ block, times }) => {
      const member = gzipSync(block, { level: 9 });
      return Array.from({ length: times }, () => member);
    }),
  );
}

function bundleHead(overrides: Parameters<typeof makeBundle>[0] = {}): string {
  const { trajectories: _t, turnPredictions: _p, ...header } = makeBundle(overrides);
  return JSON.stringify(header).slice(0, -1);
}

for (const mebibytes of [30, 100]) {
  test(`a gzip of ${mebibytes} MiB of [ then ] is refused at the first byte too deep`, async ({ request }) => {
    const body = repeatedGzip([
      { block: Buffer.alloc(MiB, "["), times: mebibytes },
      { block: Buffer.alloc(MiB, "]"), times: mebibytes },
    ]);
    const issue = await refused(request, body, `brackets-${mebibytes}.json.gz`);
    expect(issue).toEqual({ path: "[0]", line: 1, message: "nested more than 200 levels deep (line 1, column 203)" });
  });
}

test("a JSONL line of 5,000,000 [ and ] after a valid header is refused at that line", async ({ request }) => {
  const header = readFileSync("docs/examples/small-bundle.jsonl", "utf8").split("\n")[0] ?? "";
  const body = Buffer.concat([
    Buffer.from(`${header}\n`),
    Buffer.alloc(5_000_000, "["),
    Buffer.alloc(5_000_000, "]"),
    Buffer.from("\n"),
  ]);
  const issue = await refused(request, body, "deep-line.jsonl");
  expect(issue).toEqual({ path: "line 2", line: 2, message: "line 2 is nested more than 202 levels deep" });
});

test("a valid header then 22 million {} trajectories (gzip) stops at the issue cap", async ({ request }) => {
  const objects = Buffer.from("{},".repeat(Math.floor(MiB / 3)));
  const body = Buffer.concat([
    gzipSync(`${bundleHead()}, "trajectories": [`),
    repeatedGzip([{ block: objects, times: 64 }]),
    gzipSync("{}]}"),
  ]);
  const before = Date.now();
  const issue = await refused(request, body, "empty-trajectories.json.gz");
  expect(Date.now() - before).toBeLessThan(MAX_ANSWER_SECONDS * 1000);
  expect(issue?.path).toBe("trajectories[0].run");
});

for (const [field, value] of [
  ["trajectories", '"x"'],
  ["trajectories", '{"a": 1}'],
  ["trajectories", "7"],
  ["turnPredictions", '"zzz"'],
] as const) {
  test(`"${field}": ${value} is a located 422, not an empty bundle`, async ({ request }) => {
    const issue = await refused(request, Buffer.from(`${bundleHead()}, "${field}": ${value}}`), "not-a-list.json");
    expect(issue).toMatchObject({ path: field, message: expect.stringMatching(/^expected an array, received /) });
  });
}

for (const reward of ["1e400", "-5", "7.5"]) {
  test(`a tau2 reward of ${reward} is a located 422`, async ({ request }) => {
    const text = tau2Text(makeTau2Document(1, 1), "one-line").replace(/"reward":[0-9.]+/, `"reward":${reward}`);
    const issue = await refused(request, Buffer.from(text), "reward.json");
    expect(issue).toMatchObject({ path: "simulations[0].reward_info.reward" });
  });
}

test("a 1 MB bundle of 5,000 runs is refused at the header, before any write", async ({ request }) => {
  const runs = Array.from({ length: 5000 }, (_, index) => makeRun({ id: `run-${index}` }));
  const body = Buffer.from(JSON.stringify(makeBundle({ runs, trajectories: [], turnPredictions: [] })));
  const issue = await refused(request, body, "many-runs.json");
  expect(issue).toMatchObject({ path: "runs[100]", message: expect.stringContaining("5000 runs") });
});

test("NUL and lone surrogates are stored spelled out, with a warning", async ({ request }) => {
  const events = makeEvents();
  events[0] = { kind: "user_message", text: "nul \u0000 and half \ud800" };
  const body = Buffer.from(JSON.stringify(makeBundle({ trajectories: [makeTrajectory({ events })] })));
  const outcome = await upload(request, body, "nul.json");
  expect(outcome.status, JSON.stringify(outcome.body)).toBe(201);
  expect(outcome.body.warnings).toEqual([expect.stringMatching(/^1 string held U\+0000 or a lone surrogate/)]);
});
