// Per-row storage and per-worker ingest figures for docs/scaling.md: stores an upload as the web server does
// (gzip ratio), ingests it from storage as a worker does (events/s), then reports bytes per row of the large
// tables including their partitions, indexes and TOAST (pg_partition_tree, pg_total_relation_size). Uses a fresh database, BENCH_DATABASE_URL
// with "_rows" appended (default postgresql://postgres@127.0.0.1:5432/loopscope_bench_rows), dropped first.
// Usage: npm run bench:rows -- [--trajectories 10000] [--events-per-trajectory 30] [--file real-upload.json]
import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { numberOption, stringOption } from "./bench-options";
import { relationSizes } from "./relation-sizes";
import { resetEnv } from "@/lib/env";

const TABLES = ["Event", "Trajectory", "TurnPrediction", "Run", "LeaderboardSummary", "Task"] as const;

async function freshDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
  const { ensureMigratedDatabase } = await import("@/lib/testing/ensure-database");
  await ensureMigratedDatabase(url);
}

async function main(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_bench";
  const url = `${base}_rows`;
  await freshDatabase(url);
  process.env.DATABASE_URL = url;
  const dir = mkdtempSync(path.join(os.tmpdir(), "loopscope-bench-rows-"));
  process.env.LOOPSCOPE_UPLOAD_DIR = dir;
  resetEnv(); // lib/env.ts parses once: the app code imported below must see these values
  const { storeUpload, readStoredUpload } = await import("@/lib/server/upload-store");
  const { ingestBundle } = await import("@/lib/server/ingest-bundle");

  let file = stringOption("file");
  if (!file) {
    const { writeSyntheticJsonlBundle } = await import("@/lib/testing/synthetic-bundle");
    file = path.join(dir, "bundle.jsonl");
    await writeSyntheticJsonlBundle(file, {
      trajectories: numberOption("trajectories", 10_000),
      eventsPerTrajectory: numberOption("events-per-trajectory", 30),
      suiteName: `bench-rows-${Date.now()}`,
    });
  }
  const storeStarted = performance.now();
  const stored = await storeUpload("bench", createReadStream(file));
  const storeSeconds = (performance.now() - storeStarted) / 1000;
  console.log(
    `upload ${path.basename(file)}: ${(stored.sizeBytes / 1024 ** 2).toFixed(1)} MB, kept ${(stored.storedBytes / 1024 ** 2).toFixed(1)} MB ` +
      `(${((100 * stored.storedBytes) / stored.sizeBytes).toFixed(1)}%) in ${storeSeconds.toFixed(2)} s`,
  );

  const started = performance.now();
  const result = await ingestBundle({ chunks: readStoredUpload(stored.storagePath), fileName: path.basename(file) });
  const seconds = (performance.now() - started) / 1000;
  if (result.kind !== "stored") throw new Error(`ingest failed: ${JSON.stringify(result).slice(0, 1000)}`);
  const { events, trajectories, turnPredictions } = result.counts;
  console.log(
    `ingest from storage: ${events} events, ${trajectories} trajectories, ${turnPredictions} turn predictions in ${seconds.toFixed(2)} s = ` +
      `${Math.round(events / seconds)} events/s, ${(stored.sizeBytes / 1024 ** 2 / seconds).toFixed(1)} MB/s of upload`,
  );

  // Search's indexes are built by a job after the answer; they are part of what an event costs on disk.
  const { buildRunSearchIndexes, listRunsAwaitingSearchIndex } = await import("@/lib/db/run-search-index");
  const indexStarted = performance.now();
  for (const runId of await listRunsAwaitingSearchIndex()) await buildRunSearchIndexes(runId);
  console.log(`search indexes built in ${((performance.now() - indexStarted) / 1000).toFixed(2)} s`);

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("VACUUM ANALYZE");
  let totalBytes = 0;
  for (const table of TABLES) {
    const sizes = await relationSizes(client, table);
    totalBytes += sizes.total;
    const per = (value: number) => (sizes.rows > 0 ? (value / sizes.rows).toFixed(0) : "-");
    console.log(
      `${table}: ${sizes.rows} rows, ${(sizes.total / 1024 ** 2).toFixed(1)} MB total = ${per(sizes.total)} B/row ` +
        `(heap ${per(sizes.heap)}, indexes ${per(sizes.indexes)}, TOAST and maps ${per(sizes.total - sizes.heap - sizes.indexes)})`,
    );
  }
  const { rows: database } = await client.query<{ size: string }>(
    "SELECT pg_database_size(current_database())::text AS size",
  );
  console.log(
    `whole database per event: ${(Number(database[0]?.size ?? 0) / Math.max(events, 1)).toFixed(0)} B (all-in: every table, catalog, WAL not included)`,
  );
  console.log(
    `all of it per event: ${(totalBytes / Math.max(events, 1)).toFixed(0)} B (tables above incl. indexes, divided by events)`,
  );
  await client.end();
  rmSync(dir, { recursive: true, force: true });
}

await main();
process.exit(0);
