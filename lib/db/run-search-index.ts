import { db } from "./client";
import { ATTACH_MAINTENANCE_WORK_MEM } from "./index-build";
import { isEmbeddedDatabase, pgPool } from "./pool";
import { partitionName } from "./run-partitions";
import { searchIndexStatements } from "./search-index-sql";

export type SearchIndexOutcome = "built" | "already-indexed" | "gone";

/**
 * Builds search's indexes on a run's Event partition and marks the run searchable, in one transaction: a build cut
 * short leaves neither index nor mark, and the retry starts again. Plain CREATE INDEX (not CONCURRENTLY) takes a
 * SHARE lock on the one partition: readers go on, and nothing writes a run's events after its ingest (a re-import
 * waits). The Run row is not locked while the indexes build (a rename or a delete must not wait minutes); two
 * builds of one run are serialized by an advisory lock instead. A run deleted or purged meanwhile is left alone.
 */
export async function buildRunSearchIndexes(runId: string): Promise<SearchIndexOutcome> {
  const partition = partitionName("Event", runId);
  const client = await pgPool().connect();
  try {
    await client.query("BEGIN");
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('loopscope-search-index:' || $1))`, [runId]);
    const { rows } = await client.query<{ indexed: boolean; present: boolean }>(
      `SELECT "searchIndexedAt" IS NOT NULL AS indexed, to_regclass($2) IS NOT NULL AS present
       FROM "Run" WHERE id = $1 AND "deletedAt" IS NULL`,
      [runId, `"${partition}"`],
    );
    const run = rows[0];
    if (!run?.present) {
      await client.query("ROLLBACK");
      return "gone";
    }
    if (run.indexed) {
      await client.query("ROLLBACK");
      return "already-indexed";
    }
    if (!isEmbeddedDatabase()) await client.query(`SET LOCAL maintenance_work_mem = '${ATTACH_MAINTENANCE_WORK_MEM}'`);
    for (const statement of searchIndexStatements(partition)) await client.query(statement);
    await client.query(`UPDATE "Run" SET "searchIndexedAt" = CURRENT_TIMESTAMP WHERE id = $1`, [runId]);
    await client.query("COMMIT");
    return "built";
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Visible runs whose search indexes are not built yet, oldest first (a job lost before it was queued is found again). */
export async function listRunsAwaitingSearchIndex(): Promise<string[]> {
  const rows = await db().run.findMany({
    where: { searchIndexedAt: null, deletedAt: null },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => row.id);
}
