// Ingest benchmark: generates a synthetic JSONL bundle, ingests it through our code,
// then loads the very same rows with PostgreSQL COPY into scratch tables of our layout with our constraints
// (scripts/copy-anchor.ts), and prints
// events/s for both, their ratio and our peak RSS. Needs a PostgreSQL server:
// BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/loopscope_bench).
// Usage: npm run bench:ingest -- [--trajectories 10000] [--events-per-trajectory 30]
import { createReadStream, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import pg from "pg";
import { numberOption, useBenchDatabase } from "./bench-options";
import { COPY_ANCHOR_LAYOUT, timeCopyAnchor } from "./copy-anchor";

async function main(): Promise<void> {
  const trajectories = numberOption("trajectories", 10_000);
  const eventsPer = numberOption("events-per-trajectory", 30);
  const url = await useBenchDatabase();
  const { ingestBundle } = await import("@/lib/server/ingest-bundle");
  const { writeSyntheticJsonlBundle } = await import("@/lib/testing/synthetic-bundle");

  const dir = path.join(os.tmpdir(), `loopscope-bench-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "bundle.jsonl");
  const generated = await writeSyntheticJsonlBundle(file, {
    trajectories,
    eventsPerTrajectory: eventsPer,
    suiteName: `bench-${Date.now()}`,
  });
  console.log(
    `bundle: ${generated.trajectories} trajectories, ${generated.events} events, ${(generated.bytes / 1024 ** 2).toFixed(1)} MB JSONL`,
  );

  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const result = await ingestBundle({
    chunks: createReadStream(file).pipe(new PassThrough()),
    fileName: "bench.jsonl",
  });
  const ingestSeconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (result.kind !== "stored") throw new Error(`ingest failed: ${JSON.stringify(result).slice(0, 1000)}`);
  const runId = result.runs[0]?.id ?? "";

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const copySeconds = await timeCopyAnchor(client, runId, dir);
  await client.query(`UPDATE "Run" SET "deletedAt" = now() WHERE "id" = $1`, [runId]);
  await client.end();
  const { purgeDeletedRun } = await import("@/lib/db/delete-run");
  await purgeDeletedRun({ runId });
  rmSync(dir, { recursive: true, force: true });

  const ours = result.counts.events / ingestSeconds;
  const copy = result.counts.events / copySeconds.bulk;
  console.log(
    `ours: ${result.counts.events} events in ${ingestSeconds.toFixed(2)} s = ${Math.round(ours)} events/s (parse, validate, score, insert, one transaction)`,
  );
  console.log(
    `COPY bulk: same ${result.counts.trajectories} trajectory + ${result.counts.events} event rows in ${copySeconds.bulk.toFixed(2)} s = ${Math.round(copy)} events/s`,
  );
  console.log(
    `COPY bulk + search indexes: ${copySeconds.bulkSearch.toFixed(2)} s (our ingest leaves those to a job after the run is shown)`,
  );
  console.log(`  (${COPY_ANCHOR_LAYOUT})`);
  console.log(`ratio ours/COPY bulk: ${(ours / copy).toFixed(2)} (goal >= 0.5)`);
  console.log(
    `peak RSS during ingest: ${(peakRss / 1024 ** 2).toFixed(0)} MB (process maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; goal <= 300 MB for a 1 GB bundle)`,
  );
}

await main();
process.exit(0);
