// The COPY anchor of the ingest benchmarks: the rows one ingest stored, exported and loaded again with plain
// PostgreSQL COPY into the same table layout with the same constraints (what any writer of those rows must pay).
import { createReadStream, createWriteStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";

export const COPY_ANCHOR_LAYOUT =
  "COPY of the same rows in one transaction into scratch tables of our layout with our constraints: " +
  'Trajectory with its primary key, unique indexes and foreign keys to "Run" and "Task"; Event and TurnPrediction ' +
  "partitioned by run, into a new partition with the parent's primary key and indexes (like ours, no foreign keys)";

async function exportRows(client: pg.Client, table: string, runId: string, file: string): Promise<void> {
  const literal = `'${runId.replaceAll("'", "''")}'`;
  await pipeline(
    client.query(copyTo(`COPY (SELECT * FROM "${table}" WHERE "runId" = ${literal}) TO STDOUT`)),
    createWriteStream(file),
  );
}

/** Seconds COPY takes to load one run's Trajectory, Event and TurnPrediction rows again (scratch tables, rolled back). */
export async function timeCopyAnchor(client: pg.Client, runId: string, dir: string): Promise<number> {
  const tables = ["Trajectory", "Event", "TurnPrediction"] as const;
  const files = Object.fromEntries(tables.map((table) => [table, path.join(dir, `${table}.copy`)]));
  for (const table of tables) await exportRows(client, table, runId, files[table] ?? "");
  const literal = `'${runId.replaceAll("'", "''")}'`;
  await client.query("BEGIN");
  try {
    // Scratch tables are created outside the timing; the rollback removes them.
    await client.query(`CREATE TABLE "scratch_Trajectory" (LIKE "Trajectory" INCLUDING ALL)`);
    await client.query(`ALTER TABLE "scratch_Trajectory" ADD FOREIGN KEY ("runId") REFERENCES "Run"("id")`);
    await client.query(`ALTER TABLE "scratch_Trajectory" ADD FOREIGN KEY ("taskId") REFERENCES "Task"("id")`);
    for (const table of ["Event", "TurnPrediction"]) {
      await client.query(`CREATE TABLE "scratch_${table}" (LIKE "${table}" INCLUDING ALL) PARTITION BY LIST ("runId")`);
      await client.query(
        `CREATE TABLE "scratch_${table}_run" PARTITION OF "scratch_${table}" FOR VALUES IN (${literal})`,
      );
    }
    const started = performance.now();
    for (const table of tables)
      await pipeline(
        createReadStream(files[table] ?? ""),
        client.query(copyFrom(`COPY "scratch_${table}" FROM STDIN`)),
      );
    return (performance.now() - started) / 1000;
  } finally {
    await client.query("ROLLBACK");
  }
}
