// Ingest benchmark: generates a synthetic JSONL bundle, ingests it through our code,
// then loads the very same rows with PostgreSQL COPY into scratch tables, and prints
// events/s for both, their ratio and our peak RSS. Needs a PostgreSQL server:
// BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/loopscope_bench).
// Usage: npm run bench:ingest -- [--trajectories 10000] [--events-per-trajectory 30]
import { createReadStream, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PassThrough } from "node:stream";
import pg from "pg";
import { numberOption } from "./bench-options";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";

/** Copies a table's rows of one run out to memory-bounded temp files, then times COPY FROM into a scratch table. */
async function timeCopy(
  client: pg.Client,
  table: string,
  where: string,
  runId: string,
  dir: string,
  withForeignKey = false,
): Promise<number> {
  const file = path.join(dir, `${table}.copy`);
  const { createWriteStream } = await import("node:fs");
  await pipeline(
    client.query(copyTo(`COPY (SELECT * FROM "${table}" WHERE ${where.replace("$1", `'${runId}'`)}) TO STDOUT`)),
    createWriteStream(file),
  );
  await client.query(`DROP TABLE IF EXISTS "scratch_${table}"`);
  await client.query(`CREATE UNLOGGED TABLE "scratch_${table}" (LIKE "${table}" INCLUDING ALL)`);
  // INCLUDING ALL keeps the primary key and indexes (not foreign keys): the work any writer of these rows must do.
  if (withForeignKey)
    await client.query(`ALTER TABLE "scratch_${table}" ADD FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id")`);
  const started = performance.now();
  await client.query("BEGIN");
  await pipeline(createReadStream(file), client.query(copyFrom(`COPY "scratch_${table}" FROM STDIN`)));
  await client.query("COMMIT");
  const seconds = (performance.now() - started) / 1000;
  await client.query(`DROP TABLE "scratch_${table}"`);
  return seconds;
}

async function main(): Promise<void> {
  const trajectories = numberOption("trajectories", 10_000);
  const eventsPer = numberOption("events-per-trajectory", 30);
  const url = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_bench";
  const { ensureMigratedDatabase } = await import("@/lib/testing/ensure-database");
  await ensureMigratedDatabase(url);
  process.env.DATABASE_URL = url;
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
  const copyTrajectories = await timeCopy(client, "Trajectory", `"runId" = $1`, runId, dir);
  const eventsOfRun = `"trajectoryId" IN (SELECT "id" FROM "Trajectory" WHERE "runId" = $1)`;
  const copyEvents = await timeCopy(client, "Event", eventsOfRun, runId, dir);
  const copyEventsWithForeignKey = await timeCopy(client, "Event", eventsOfRun, runId, dir, true);
  await client.query(`DELETE FROM "Bundle" WHERE "id" = $1`, [result.bundleId]);
  await client.end();
  rmSync(dir, { recursive: true, force: true });

  const ours = result.counts.events / ingestSeconds;
  const copy = result.counts.events / (copyTrajectories + copyEvents);
  console.log(
    `ours: ${result.counts.events} events in ${ingestSeconds.toFixed(2)} s = ${Math.round(ours)} events/s (parse, validate, score, insert, one transaction)`,
  );
  console.log(
    `COPY: same ${result.counts.trajectories} trajectory + ${result.counts.events} event rows in ${(copyTrajectories + copyEvents).toFixed(2)} s = ${Math.round(copy)} events/s`,
  );
  console.log(`ratio ours/COPY: ${(ours / copy).toFixed(2)} (goal >= 0.5)`);
  const copyWithForeignKey = result.counts.events / (copyTrajectories + copyEventsWithForeignKey);
  // Our Event table has a foreign key to Trajectory (cascading deletes); its per-row check is part of any faithful write.
  console.log(
    `COPY with the Event->Trajectory foreign key our schema has: ${Math.round(copyWithForeignKey)} events/s; ratio ours/that: ${(ours / copyWithForeignKey).toFixed(2)}`,
  );
  console.log(
    `peak RSS during ingest: ${(peakRss / 1024 ** 2).toFixed(0)} MB (process maxRSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; goal <= 300 MB for a 1 GB bundle)`,
  );
}

await main();
process.exit(0);
