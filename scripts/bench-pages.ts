// Page benchmark: loads 1,000 small runs and two 10k-trajectory runs (of one suite) through the
// real ingest into its own database, starts the production server (`next build` output) on it and
// times /runs, /api/runs, the run page of a 10k run and /compare of the two 10k runs against the
// cheapest route of the same server, interleaved so background load hits every route alike.
// Also prints the server's CPU time per request of each route, HTML sizes, DOM node counts from Chromium and the
// server's RSS.
// Needs `npx next build` first. BENCH_DATABASE_URL (default loopscope_bench_pages) is created if
// missing and reused on the next run (`--fresh` reloads it).
// Usage: npm run bench:pages -- [--runs 1000] [--big 10000] [--requests 30] [--port 3602] [--fresh]
import { spawn, type ChildProcess } from "node:child_process";
import { createReadStream, mkdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { BUNDLE_SCHEMA_VERSION } from "@/lib/bundles/schema/common";
import { numberOption } from "./bench-options";
import { processTree } from "./run-child.mjs";
import { serverRssMb } from "./process-rss";
import { chromiumLaunchOptions } from "@/lib/testing/chromium-launch";
import { resetEnv } from "@/lib/env";
import { quantile } from "@/lib/metrics/bootstrap";

const SMALL_SUITE = "bench-pages-small";
const BIG_SUITE = "bench-pages-big";
const RUNS_PER_BUNDLE = 100;

interface Timing {
  route: string;
  samples: number[];
  bytes: number;
}

/** p50/p95 as every figure of the app reads a quantile (lib/metrics/bootstrap.ts: linear, numpy's default). */
function percentile(values: readonly number[], q: number): number {
  return (
    quantile(
      [...values].sort((a, b) => a - b),
      q,
    ) ?? Number.NaN
  );
}

/** One bundle of `count` runs over 8 tasks x 2 trials; every 10th run has only 3 tasks (hidden by the default minimum). */
function buildSmallBundle(offset: number, count: number): object {
  const tasks = Array.from({ length: 8 }, (_, t) => ({
    id: `t${t}`,
    goal: `Fix order ${t}`,
    expectedFinalState: { ok: true },
    requiresTools: true,
  }));
  const runs = Array.from({ length: count }, (_, i) => {
    const index = offset + i;
    return {
      id: `r${index}`,
      name: `bench run ${index}`,
      model: { name: `model-${index % 40}`, family: `family-${index % 5}`, size: `${(index % 8) + 1}B` },
      variant: index % 2 === 0 ? "base" : "sft",
      pairingKey: `model-${index % 40}`,
    };
  });
  const trajectories = runs.flatMap((run, i) => {
    const index = offset + i;
    const taskCount = index % 10 === 0 ? 3 : 8;
    return tasks.slice(0, taskCount).flatMap((task, t) =>
      [1, 2].map((trial) => ({
        run: run.id,
        task: task.id,
        trial,
        stopReason: "finished",
        finalState: { ok: (index * 7 + t * 3 + trial) % 5 < (index % 5) + 1 },
        events: [
          { kind: "user_message", text: `Please fix order ${t}.` },
          { kind: "tool_call", tool: "fix", callId: "c1", arguments: { order: t } },
          { kind: "tool_result", tool: "fix", callId: "c1", output: { ok: true } },
          { kind: "agent_message", text: "Done." },
        ],
      })),
    );
  });
  const turnPredictions = runs.map((run) => ({
    run: run.id,
    task: "t0",
    turn: 1,
    kind: "text",
    reference: { text: "I fixed the order." },
    prediction: { text: "The order is fixed." },
    judge: { success: true },
  }));
  return {
    schemaVersion: BUNDLE_SCHEMA_VERSION,
    suite: { name: SMALL_SUITE, version: "1", tools: [{ name: "fix", access: "write" }] },
    tasks,
    runs,
    trajectories,
    turnPredictions,
  };
}

async function loadData(url: string, runs: number, big: number, fresh: boolean): Promise<void> {
  const pool = new pg.Pool({ connectionString: url });
  if (fresh) await pool.query(`DELETE FROM "Bundle"`);
  const counted = await pool.query<{ small: number; big: number }>(
    `SELECT count(*) FILTER (WHERE s.name = $1)::int AS small, count(*) FILTER (WHERE s.name = $2)::int AS big FROM "Run" r JOIN "Suite" s ON s.id = r."suiteId"`,
    [SMALL_SUITE, BIG_SUITE],
  );
  await pool.end();
  const have = counted.rows[0] ?? { small: 0, big: 0 };
  const { ingestBundle } = await import("@/lib/server/ingest-bundle");
  const { chunksOf } = await import("@/lib/testing/factories");
  const { writeSyntheticJsonlBundle } = await import("@/lib/testing/synthetic-bundle");
  const t0 = performance.now();
  for (let offset = have.small; offset < runs; offset += RUNS_PER_BUNDLE) {
    const count = Math.min(RUNS_PER_BUNDLE, runs - offset);
    const result = await ingestBundle({
      chunks: chunksOf(JSON.stringify(buildSmallBundle(offset, count))),
      fileName: `bench-pages-${offset}.json`,
    });
    if (result.kind !== "stored") throw new Error(`small bundle ${offset}: ${JSON.stringify(result).slice(0, 500)}`);
  }
  const dir = path.join(os.tmpdir(), `loopscope-bench-pages-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  for (let index = have.big; index < 2; index += 1) {
    const file = path.join(dir, `big-${index}.jsonl`);
    await writeSyntheticJsonlBundle(file, {
      trajectories: big,
      eventsPerTrajectory: 12 + index,
      tasks: 100,
      suiteName: BIG_SUITE,
    });
    // Different content (events per trajectory) so the second is not a duplicate; the same suite and tasks so the two runs pair on /compare.
    const result = await ingestBundle({
      chunks: createReadStream(file),
      fileName: `bench-pages-big-${index}-${Date.now()}.jsonl`,
    });
    if (result.kind !== "stored") throw new Error(`big bundle ${index}: ${JSON.stringify(result).slice(0, 500)}`);
  }
  rmSync(dir, { recursive: true, force: true });
  // As the index job leaves them after an upload; else the server's worker would build 1,000 runs' indexes while the
  // pages are timed.
  const { buildRunSearchIndexes, listRunsAwaitingSearchIndex } = await import("@/lib/db/run-search-index");
  for (const runId of await listRunsAwaitingSearchIndex()) await buildRunSearchIndexes(runId);
  console.log(
    `data: ${runs} small runs + 2 x ${big}-trajectory runs ready (${((performance.now() - t0) / 1000).toFixed(0)} s loading)`,
  );
}

async function waitForServer(base: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(`${base}/upload`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server on ${base} did not start`);
}

/** CPU time (user + system) the server's processes have used so far, in ms (Linux clock ticks of 10 ms). */
function serverCpuMs(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)?.split(" ") ?? [];
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {
      // exited meanwhile
    }
  }
  return ticks * 10;
}

async function timeRequest(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t0 = performance.now();
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  return { ms: performance.now() - t0, bytes: body.byteLength, status: response.status };
}

/** Polls the leaderboard until it no longer says runs are pending (app/runs/page.tsx); milliseconds it took. */
async function untilNoRunsPending(url: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const html = await (await fetch(url)).text();
    if (!html.includes("not listed yet")) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function findRunIds(url: string): Promise<{ big: string[] }> {
  const pool = new pg.Pool({ connectionString: url });
  // The first /compare load below is meant to compute the comparison: forget the result a previous run stored.
  await pool.query(`DELETE FROM "ComparisonCache"`);
  const rows = await pool.query<{ id: string }>(
    `SELECT r.id FROM "Run" r JOIN "Suite" s ON s.id = r."suiteId" WHERE s.name = $1 ORDER BY r."createdAt" LIMIT 2`,
    [BIG_SUITE],
  );
  await pool.end();
  return { big: rows.rows.map((row) => row.id) };
}

async function countDomNodes(base: string, routes: readonly string[]): Promise<Map<string, number>> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch(await chromiumLaunchOptions());
  const counts = new Map<string, number>();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const route of routes) {
      await page.goto(`${base}${route}`, { waitUntil: "networkidle", timeout: 120_000 });
      // Charts draw after hydration, sometimes after the network is idle: count once the page has stopped growing.
      const count = () => page.evaluate(() => document.getElementsByTagName("*").length);
      let last = await count();
      for (let settled = 0; settled < 3;) {
        await page.waitForTimeout(250);
        const now = await count();
        settled = now === last ? settled + 1 : 0;
        last = now;
      }
      counts.set(route, last);
    }
  } finally {
    await browser.close();
  }
  return counts;
}

async function main(): Promise<void> {
  const runs = numberOption("runs", 1000);
  const big = numberOption("big", 10_000);
  const requests = numberOption("requests", 30);
  const port = numberOption("port", 3602);
  const url = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_bench_pages";
  const { ensureMigratedDatabase } = await import("@/lib/testing/ensure-database");
  await ensureMigratedDatabase(url);
  process.env.DATABASE_URL = url;
  resetEnv(); // lib/env.ts parses once: the app code imported below must see these values
  await loadData(url, runs, big, process.argv.includes("--fresh"));
  const { big: bigIds } = await findRunIds(url);
  const [first, second] = bigIds;
  if (!first || !second) throw new Error("the two big runs are missing");

  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn("node", ["scripts/with-database.mjs", "--", "next", "start", "-p", String(port)], {
    env: { ...process.env, DATABASE_URL: url, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
    detached: true,
  });
  const serverPid = server.pid ?? 0;
  try {
    await waitForServer(base, 120_000);
    const routes = {
      cheapest: "/upload",
      runs: "/runs",
      apiRuns: "/api/runs",
      runPage: `/runs/${first}`,
      compare: `/compare?runs=${first},${second}`,
    };
    // First loads: /compare computes and caches its result (emptied above). Runs loaded here have no lean leaderboard
    // rows yet (the upload route would have written them): the server fills them in the background from its start, and
    // /runs lists the others meanwhile; the rest is timed once that fill is done, as a server that is not catching up.
    for (const [name, route] of Object.entries(routes)) {
      const cold = await timeRequest(`${base}${route}`);
      console.log(
        `first load ${name.padEnd(8)} ${route.slice(0, 60).padEnd(60)} ${cold.ms.toFixed(0).padStart(7)} ms  HTTP ${cold.status}`,
      );
      if (name === "runs") {
        const filled = await untilNoRunsPending(`${base}${route}`);
        console.log(
          `lean rows of every run filled in the background: /runs stopped naming pending runs ${(filled / 1000).toFixed(1)} s after its first load`,
        );
      }
    }
    const timings: Timing[] = Object.values(routes).map((route) => ({ route, samples: [], bytes: 0 }));
    for (let round = 0; round < requests + 2; round += 1) {
      for (const timing of timings) {
        const result = await timeRequest(`${base}${timing.route}`);
        if (round >= 2) timing.samples.push(result.ms);
        timing.bytes = result.bytes;
      }
    }
    const baseline = percentile(timings[0]?.samples ?? [], 0.95);
    const baselineMedian = percentile(timings[0]?.samples ?? [], 0.5);
    console.log(
      `\n${requests} requests per route, interleaved; ratio = p95 / p95 of ${routes.cheapest} (p50 ratio = p50 / p50)`,
    );
    console.log(
      `${"route".padEnd(62)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"ratio".padStart(6)} ${"p50 ratio".padStart(9)} ${"bytes".padStart(10)}`,
    );
    for (const timing of timings) {
      const p50 = percentile(timing.samples, 0.5);
      const p95 = percentile(timing.samples, 0.95);
      console.log(
        `${timing.route.slice(0, 62).padEnd(62)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${(p95 / baseline).toFixed(1).padStart(6)} ${(p50 / baselineMedian).toFixed(1).padStart(9)} ${String(timing.bytes).padStart(10)}`,
      );
    }
    // Server CPU per request: less swayed than latency by what else runs on the machine (it counts this server's
    // work, not its waiting for a core). Each route alone, `requests` times in a row.
    console.log(`\nserver CPU per request (${requests} requests of each route in a row; ratio to ${routes.cheapest}):`);
    const cpu = new Map<string, number>();
    for (const route of Object.values(routes)) {
      const before = serverCpuMs(serverPid);
      for (let i = 0; i < requests; i += 1) await timeRequest(`${base}${route}`);
      cpu.set(route, (serverCpuMs(serverPid) - before) / requests);
    }
    const cheapestCpu = cpu.get(routes.cheapest) ?? Number.NaN;
    for (const [route, ms] of cpu) {
      console.log(
        `  ${route.slice(0, 62).padEnd(62)} ${ms.toFixed(1).padStart(7)} ms ${(ms / cheapestCpu).toFixed(1).padStart(6)}`,
      );
    }
    const dom = await countDomNodes(base, [routes.runs, routes.runPage, routes.compare]);
    console.log("\nDOM nodes (Chromium, after load):");
    for (const [route, count] of dom) console.log(`  ${route.slice(0, 70).padEnd(70)} ${count}`);
    console.log(`\nserver RSS (largest server process): ${serverRssMb(serverPid).toFixed(0)} MB`);
  } finally {
    // The launcher was started in its own process group: stop it and the next server under it.
    if (serverPid) process.kill(-serverPid, "SIGTERM");
  }
}

await main();
process.exit(0);
