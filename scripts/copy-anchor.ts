// The COPY anchor of the ingest benchmarks: the rows one ingest stored, exported and loaded again with plain
// PostgreSQL COPY into the same table layout with the same constraints (what any writer of those rows must pay).
import { createReadStream, createWriteStream } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import { ATTACH_MAINTENANCE_WORK_MEM } from "@/lib/db/index-build";
import { searchIndexStatements } from "@/lib/db/search-index-sql";

/** The columns a writer sends: stored generated columns (Event's "searchVector") are computed by PostgreSQL on load. */
async function writtenColumns(client: pg.Client, table: string): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
     WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
     ORDER BY attnum`,
    [`"${table}"`],
  );
  return rows.map((row) => `"${row.name}"`).join(", ");
}

async function exportRows(client: pg.Client, table: string, columns: string, runId: string, file: string) {
  const literal = `'${runId.replaceAll("'", "''")}'`;
  await pipeline(
    client.query(copyTo(`COPY (SELECT ${columns} FROM "${table}" WHERE "runId" = ${literal}) TO STDOUT`)),
    createWriteStream(file),
  );
}

export interface CopyAnchorSeconds {
  /**
   * COPY into a bare table of the partition's columns (with the CHECK matching its bound), then ATTACH, which builds
   * the parent's indexes in one pass each: the fastest way COPY reaches the tables a run is shown from, and what our
   * ingest does before its answer.
   */
  bulk: number;
  /** `bulk`, then search's two GIN indexes built on the Event partition: what our upload pays until it is searchable. */
  bulkSearch: number;
}

export const COPY_ANCHOR_LAYOUT =
  "COPY of the same rows in one transaction into scratch tables of our layout with our constraints and indexes: " +
  'Trajectory with its primary key, unique indexes and foreign keys to "Run" and "Task"; Event and TurnPrediction ' +
  "partitioned by run with the parent's primary key and unique keys and Event's generated \"searchVector\" column (like " +
  'ours, no foreign keys). "bulk" = COPY into bare tables, then ATTACH PARTITION builds their indexes with ' +
  `maintenance_work_mem ${ATTACH_MAINTENANCE_WORK_MEM} like ours (ratio to our time to metrics); "+search" = bulk, then ` +
  "search's tsvector GIN and trigram GIN indexes built on the Event partition (ratio to our time until searchable)";

/** Seconds COPY takes to load one run's Trajectory, Event and TurnPrediction rows again (scratch tables, rolled back). */
export async function timeCopyAnchor(client: pg.Client, runId: string, dir: string): Promise<CopyAnchorSeconds> {
  const tables = ["Trajectory", "Event", "TurnPrediction"] as const;
  const files = Object.fromEntries(tables.map((table) => [table, path.join(dir, `${table}.copy`)]));
  const columns: Record<string, string> = {};
  for (const table of tables) {
    columns[table] = await writtenColumns(client, table);
    await exportRows(client, table, columns[table], runId, files[table] ?? "");
  }
  const literal = `'${runId.replaceAll("'", "''")}'`;
  const load = async (table: string, target: string) =>
    pipeline(
      createReadStream(files[table] ?? ""),
      client.query(copyFrom(`COPY "${target}" (${columns[table]}) FROM STDIN`)),
    );
  await client.query("BEGIN");
  try {
    // Scratch tables are created outside the timing; the rollback removes them.
    await client.query(`CREATE TABLE "scratch_Trajectory" (LIKE "Trajectory" INCLUDING ALL)`);
    await client.query(`ALTER TABLE "scratch_Trajectory" ADD FOREIGN KEY ("runId") REFERENCES "Run"("id")`);
    await client.query(`ALTER TABLE "scratch_Trajectory" ADD FOREIGN KEY ("taskId") REFERENCES "Task"("id")`);
    for (const table of ["Event", "TurnPrediction"]) {
      await client.query(`CREATE TABLE "scratch_${table}" (LIKE "${table}" INCLUDING ALL) PARTITION BY LIST ("runId")`);
      await client.query(
        `CREATE TABLE "scratch_${table}_run" (LIKE "${table}" INCLUDING DEFAULTS INCLUDING GENERATED, CHECK ("runId" = ${literal}))`,
      );
    }
    // The same index-building memory our ingest sets for ATTACH (lib/db/run-partitions.ts).
    await client.query(`SET LOCAL maintenance_work_mem = '${ATTACH_MAINTENANCE_WORK_MEM}'`);
    const started = performance.now();
    await load("Trajectory", "scratch_Trajectory");
    for (const table of ["Event", "TurnPrediction"]) {
      await load(table, `scratch_${table}_run`);
      await client.query(
        `ALTER TABLE "scratch_${table}" ATTACH PARTITION "scratch_${table}_run" FOR VALUES IN (${literal})`,
      );
    }
    const bulk = (performance.now() - started) / 1000;
    for (const statement of searchIndexStatements("scratch_Event_run")) await client.query(statement);
    return { bulk, bulkSearch: (performance.now() - started) / 1000 };
  } finally {
    await client.query("ROLLBACK");
  }
}
