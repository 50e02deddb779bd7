/**
 * Uploads generated tau2 files (one-line and indented) and a large JSONL bundle through a running
 * production server, as a user would, and prints time to metrics, events/s, the server's peak RSS
 * and, on the same tau2 files, the time Python's json.load takes (the floor any importer pays). With the server's
 * database (--database, default DATABASE_URL) it also times COPY of the very rows each upload stored into our
 * layout with our constraints (scripts/copy-anchor.ts) and prints the ratio of our events/s to COPY's.
 *
 *   npm run bench:upload -- --url http://127.0.0.1:3402 [--sizes 1000,10000,40000] [--layouts one-line,indented]
 *                           [--jsonl-mb 1024] [--repeat 1] [--pid <next-server pid>] [--dir /tmp/x] [--keep] [--database URL]
 *                           [--tau2-python PYTHON]
 *
 * --tau2-python PYTHON also times tau2-bench's own Results.load + compute_metrics on each tau2 file, in a Python where
 * `tau2` is importable (tau2-bench's `.venv/bin/python`, or any python with PYTHONPATH set): the anchor the issue names.
 *
 * Each line also gives the CPU time spent until metrics by the server (main thread + other threads), every PostgreSQL
 * process and this client (Linux /proc): on the 2-core development machine their sum over two is a floor for the time.
 *
 * --repeat N uploads each tau2 file N times (a new file each time, so none is a duplicate) and ends with the median and
 * the lowest ratio to COPY per file: on this 2-core machine one upload's ratio moves by a fifth between runs.
 */
import { spawnSync } from "node:child_process";
import { createReadStream, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { computeMedian } from "@/lib/metrics/compute-median";
import { numberOption } from "./bench-options";
import { COPY_ANCHOR_LAYOUT, timeCopyAnchor, type CopyAnchorSeconds } from "./copy-anchor";
import { writeJsonlBundle, writeTau2File } from "./bench-upload-files";
import { countCpu, describeCpu, type CpuSeconds } from "./bench-upload-cpu";
import { jsonLoadSeconds, tau2Seconds } from "./bench-upload-python";

function textOption(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
}

const baseUrl = textOption("url", "http://127.0.0.1:3402").replace(/\/$/, "");
const sizes = textOption("sizes", "1000,10000,40000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const layouts = textOption("layouts", "one-line,indented").split(",") as ("one-line" | "indented")[];
const jsonlMb = numberOption("jsonl-mb", 1024);
const databaseUrl = textOption("database", process.env.DATABASE_URL ?? "");
const repeat = Math.max(1, numberOption("repeat", 1));
const tau2Python = textOption("tau2-python", "");

/** The next-server process listening on the server's port (or --pid), whose memory is sampled. */
function serverPid(): number | undefined {
  const given = numberOption("pid", 0);
  if (given > 0) return given;
  const port = new URL(baseUrl).port || "80";
  const listing = spawnSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" }).stdout;
  const match = /pid=(\d+)/.exec(listing);
  return match?.[1] ? Number(match[1]) : undefined;
}

function statusField(pid: number, field: "VmRSS" | "VmHWM"): number {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(text);
  return match?.[1] ? Number(match[1]) * 1024 : 0;
}

/** Samples the server's RSS every 100 ms; VmHWM is reset first (clear_refs 5) so it is this upload's peak. */
function sampleMemory(pid: number | undefined): () => number {
  if (pid === undefined) return () => Number.NaN;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // Not permitted: the sampled maximum still bounds the peak from below.
  }
  let peak = statusField(pid, "VmRSS");
  const timer = setInterval(() => {
    peak = Math.max(peak, statusField(pid, "VmRSS"));
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, statusField(pid, "VmHWM"));
  };
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** node:http, not fetch: fetch gives up waiting for response headers after 300 s. */
function upload(file: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}/api/bundles`,
      {
        method: "POST",
        headers: {
          "content-type": "application/octet-stream",
          "x-file-name": basename(file),
          "content-length": statSync(file).size,
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => {
          const text = Buffer.concat(parts).toString("utf8");
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: { error: text.slice(0, 300) } });
          }
        });
      },
    );
    req.on("error", reject);
    pipeline(createReadStream(file, { highWaterMark: 1024 * 1024 }), req).catch(reject);
  });
}

async function getJson(path: string): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Follows an upload to its end: a 202 with an upload id is polled at GET /api/uploads/{id}. */
async function uploadToEnd(file: string): Promise<Answer> {
  const first = await upload(file);
  const id = first.body.uploadId ?? first.body.id;
  if (first.status !== 202 || typeof id !== "string") return first;
  let seen: unknown = null;
  for (;;) {
    // As the CLI and the upload page follow a job: each request waits on the server until the upload moves on.
    const polled = await getJson(
      typeof seen === "string"
        ? `/api/uploads/${id}?${new URLSearchParams({ after: seen, wait: "20" })}`
        : `/api/uploads/${id}`,
    );
    // GET /api/uploads/{id} (lib/server/get-upload-status.ts): `status` and `result` stay null until the job's answer is stored.
    if (polled.status !== 200) return polled;
    if (typeof polled.body.status === "number" && polled.body.phase === "done")
      return { status: polled.body.status, body: (polled.body.result ?? {}) as Record<string, unknown> };
    seen = polled.body.updatedAt;
    if (typeof seen !== "string") await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

interface Row {
  file: string;
  mb: number;
  status: number;
  seconds: number;
  /** Until search no longer names the upload's runs as pending (its indexes are built by a job after the answer). */
  searchableSeconds: number;
  events: number;
  peakRssMb: number;
  pythonSeconds?: number;
  /** tau2-bench's own Results.load + compute_metrics on the same file (--tau2-python). */
  tau2Seconds?: number;
  copySeconds?: CopyAnchorSeconds;
  /** CPU time until metrics: the server's threads, PostgreSQL, this client (scripts/bench-upload-cpu.ts). */
  cpu?: CpuSeconds;
}

/** Polls the search API (every 250 ms) until it no longer names the run as still being indexed for search. */
async function untilSearchable(runId: string): Promise<void> {
  for (;;) {
    const answer = await getJson(`/api/search?q=bench&run=${encodeURIComponent(runId)}`);
    const pending = answer.body.pendingRuns;
    if (answer.status !== 200 || !Array.isArray(pending) || pending.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** COPY of the rows the upload's runs stored, into our layout with our constraints, in seconds (none without --database). */
async function copyAnchorSeconds(runIds: string[], dir: string): Promise<CopyAnchorSeconds | undefined> {
  if (!databaseUrl || runIds.length === 0) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const seconds = { bulk: 0, bulkSearch: 0 };
    for (const runId of runIds) {
      const run = await timeCopyAnchor(client, runId, dir);
      seconds.bulk += run.bulk;
      seconds.bulkSearch += run.bulkSearch;
    }
    return seconds;
  } finally {
    await client.end();
  }
}

async function measure(file: string, pid: number | undefined, dir: string): Promise<Row> {
  const mb = statSync(file).size / 1024 ** 2;
  const stop = sampleMemory(pid);
  const cpuSince = countCpu(pid);
  const started = Date.now();
  const answer = await uploadToEnd(file);
  const runs = Array.isArray(answer.body.runs) ? (answer.body.runs as { id: string }[]) : [];
  // Time to metrics: the run's metrics are served (the upload route warms them before answering).
  for (const run of runs) await getJson(`/api/runs/${run.id}/metrics`);
  const seconds = (Date.now() - started) / 1000;
  const cpu = cpuSince();
  for (const run of runs) await untilSearchable(run.id);
  const searchableSeconds = (Date.now() - started) / 1000;
  const peak = stop();
  const counts = (answer.body.counts ?? {}) as { events?: number };
  if (answer.status >= 300)
    console.error(`  ${basename(file)}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  return {
    file: basename(file),
    mb,
    status: answer.status,
    seconds,
    searchableSeconds,
    events: counts.events ?? 0,
    peakRssMb: peak / 1024 ** 2,
    ...(cpu ? { cpu } : {}),
    copySeconds: await copyAnchorSeconds(
      runs.map((run) => run.id),
      dir,
    ),
  };
}

function median(values: number[]): number {
  return computeMedian(values) ?? Number.NaN;
}

/** The median upload of a file uploaded --repeat times, and its lowest ratio to COPY (the first after a start, often). */
function printSummary(file: string, rows: Row[]): void {
  const ratios = rows.flatMap((row) => (row.copySeconds ? [row.copySeconds.bulk / row.seconds] : []));
  const copy = ratios.length
    ? ` | ratio to COPY median ${median(ratios).toFixed(2)}, lowest ${Math.min(...ratios).toFixed(2)}, ${ratios.filter((ratio) => ratio >= 0.5).length} of ${ratios.length} at 0.5 or more`
    : "";
  const versusTau2 = rows.flatMap((row) =>
    row.tau2Seconds !== undefined && Number.isFinite(row.tau2Seconds)
      ? [{ ours: row.seconds, tau2: row.tau2Seconds }]
      : [],
  );
  const tau2 = versusTau2.length
    ? ` | tau2 median ${median(versusTau2.map((pair) => pair.tau2)).toFixed(1)} s, ours faster in ${versusTau2.filter((pair) => pair.ours < pair.tau2).length} of ${versusTau2.length}`
    : "";
  console.log(
    `${file} x${rows.length}: time to metrics median ${median(rows.map((row) => row.seconds)).toFixed(1)} s | server peak RSS highest ${Math.max(...rows.map((row) => row.peakRssMb)).toFixed(0)} MB${tau2}${copy}`,
  );
}

function print(row: Row): void {
  const eventsPerSecond = row.events > 0 ? Math.round(row.events / row.seconds) : 0;
  const python =
    row.pythonSeconds === undefined
      ? ""
      : ` | json.load ${row.pythonSeconds.toFixed(1)} s (${(row.seconds / row.pythonSeconds).toFixed(1)}x)`;
  const tau2 =
    row.tau2Seconds === undefined
      ? ""
      : ` | tau2 Results.load + compute_metrics ${row.tau2Seconds.toFixed(1)} s (ours ${(row.seconds / row.tau2Seconds).toFixed(2)}x)`;
  const copy =
    row.copySeconds === undefined || row.events === 0
      ? ""
      : ` | COPY bulk ${row.copySeconds.bulk.toFixed(1)} s = ${Math.round(row.events / row.copySeconds.bulk)} events/s, ratio ${(row.copySeconds.bulk / row.seconds).toFixed(2)} | COPY +search ${row.copySeconds.bulkSearch.toFixed(1)} s, ratio ${(row.copySeconds.bulkSearch / row.searchableSeconds).toFixed(2)}`;
  console.log(
    `${row.file.padEnd(34)} ${row.mb.toFixed(0).padStart(6)} MB | HTTP ${row.status} | ${row.seconds.toFixed(1).padStart(7)} s to metrics | ${row.searchableSeconds.toFixed(1).padStart(7)} s to searchable | ${String(row.events).padStart(9)} events | ${String(eventsPerSecond).padStart(7)} events/s | server peak RSS ${row.peakRssMb.toFixed(0)} MB${python}${tau2}${copy}${row.cpu ? ` | ${describeCpu(row.cpu)}` : ""}`,
  );
}

async function main(): Promise<void> {
  const dir = textOption("dir", "") || (await mkdtemp(join(tmpdir(), "loopscope-bench-upload-")));
  const pid = serverPid();
  console.log(`server ${baseUrl}, next-server pid ${pid ?? "not found (no RSS)"}, files in ${dir}`);
  if (databaseUrl)
    console.log(
      `ratio = COPY seconds / our seconds (bulk: to metrics; +search: to searchable); COPY anchors: ${COPY_ANCHOR_LAYOUT}`,
    );
  else console.log("no --database or DATABASE_URL: the COPY anchor is not measured");
  try {
    const summaries: [string, Row[]][] = [];
    for (const size of sizes) {
      for (const layout of layouts) {
        const file = join(dir, `tau2-${size}-${layout}.json`);
        const rows: Row[] = [];
        for (let round = 0; round < repeat; round += 1) {
          await writeTau2File(file, size, layout);
          const row = await measure(file, pid, dir);
          row.pythonSeconds = jsonLoadSeconds(file);
          if (tau2Python) row.tau2Seconds = tau2Seconds(tau2Python, file);
          print(row);
          rows.push(row);
          if (!process.argv.includes("--keep")) await rm(file);
        }
        if (repeat > 1) summaries.push([basename(file), rows]);
      }
    }
    for (const [file, rows] of summaries) printSummary(file, rows);
    if (jsonlMb > 0) {
      const file = join(dir, `bundle-${jsonlMb}mb.jsonl`);
      await writeJsonlBundle(file, jsonlMb * 1024 ** 2);
      print(await measure(file, pid, dir));
      if (!process.argv.includes("--keep")) await rm(file);
    }
  } finally {
    if (!process.argv.includes("--keep") && textOption("dir", "") === "")
      await rm(dir, { recursive: true, force: true });
  }
}

await main();
