import { createHash } from "node:crypto";
import { db } from "./client";
import type { IngestSession } from "./ingest-session";
import { ATTACH_MAINTENANCE_WORK_MEM } from "./index-build";
import { isEmbeddedDatabase } from "./pool";

/** The tables partitioned by run (PARTITION BY LIST ("runId")), in the one order they are always locked in. */
export const PARTITIONED_TABLES = ["Event", "TurnPrediction"] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/**
 * The partition of `table` that holds one run's rows. md5 keeps the name within PostgreSQL's 63 bytes and free of
 * quoting concerns whatever the run id; the migration that introduced partitions names them the same way.
 */
export function partitionName(table: PartitionedTable, runId: string): string {
  return `${table}_${createHash("md5").update(runId).digest("hex")}`;
}

function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * Creates each run's partitions as plain tables inside the ingest transaction. They are attached only at the end
 * (`attachRunPartitions`): `CREATE TABLE ... PARTITION OF` would hold an ACCESS EXCLUSIVE lock on the parent for
 * the whole ingest (every page reading events would wait minutes), while ATTACH needs only SHARE UPDATE EXCLUSIVE,
 * and only from the attach to the commit. The CHECK constraint matches the partition bound, so ATTACH need not
 * scan the rows; the default fills "runId", so COPY does not send it with every event.
 */
export async function createRunPartitions(tx: IngestSession, runIds: readonly string[]): Promise<void> {
  for (const runId of runIds) {
    for (const table of PARTITIONED_TABLES) {
      const name = partitionName(table, runId);
      await tx.query(
        `CREATE TABLE "${name}" (LIKE "${table}" INCLUDING DEFAULTS INCLUDING GENERATED, CHECK ("runId" = ${quoteLiteral(runId)}))`,
      );
      await tx.query(`ALTER TABLE "${name}" ALTER COLUMN "runId" SET DEFAULT ${quoteLiteral(runId)}`);
    }
  }
}

/**
 * Attaches the run's filled tables as partitions. ATTACH builds the parent's indexes on each (primary key, unique
 * keys) in one sorted pass, cheaper than maintaining them row by row during COPY, with more index-building memory
 * than PostgreSQL's default. Search's GIN indexes are not on the parent: they are built per partition after the run
 * is shown (./run-search-index.ts). Called last in the ingest transaction, in a fixed table order, so concurrent ingests wait
 * for each other only between attach and commit and never deadlock.
 */
export async function attachRunPartitions(tx: IngestSession, runIds: readonly string[]): Promise<void> {
  if (!isEmbeddedDatabase()) await tx.query(`SET LOCAL maintenance_work_mem = '${ATTACH_MAINTENANCE_WORK_MEM}'`);
  for (const table of PARTITIONED_TABLES) {
    for (const runId of runIds) {
      await tx.query(
        `ALTER TABLE "${table}" ATTACH PARTITION "${partitionName(table, runId)}" FOR VALUES IN (${quoteLiteral(runId)})`,
      );
    }
  }
}

interface PartitionRow {
  name: string;
  pending: boolean;
}

/** The partitions of `table` whose bound is this run (found by bound, not by name), and whether a detach is pending. */
async function partitionsOfRun(table: PartitionedTable, runId: string): Promise<PartitionRow[]> {
  return db().$queryRawUnsafe<PartitionRow[]>(
    `SELECT c.relname::text AS name, i.inhdetachpending AS pending
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = '"${table}"'::regclass AND pg_get_expr(c.relpartbound, c.oid) = $1`,
    `FOR VALUES IN (${quoteLiteral(runId)})`,
  );
}

/**
 * Removes a run's rows from every partitioned table by detaching and dropping its partitions: no row is visited,
 * so a run of millions of events goes in about the time of two catalog updates. On PostgreSQL the detach is
 * CONCURRENTLY (readers of the parent are not blocked; a detach cut short is finished with FINALIZE on the next
 * try); the embedded PGlite server has one backend, where a plain DETACH is the same thing.
 */
export async function dropRunPartitions(runId: string): Promise<string[]> {
  const dropped: string[] = [];
  for (const table of PARTITIONED_TABLES) {
    for (const partition of await partitionsOfRun(table, runId)) {
      const mode = partition.pending ? " FINALIZE" : isEmbeddedDatabase() ? "" : " CONCURRENTLY";
      await db().$executeRawUnsafe(`ALTER TABLE "${table}" DETACH PARTITION "${partition.name}"${mode}`);
      await db().$executeRawUnsafe(`DROP TABLE "${partition.name}"`);
      dropped.push(partition.name);
    }
    // A partition detached by an earlier try whose DROP did not happen is no longer listed by its bound.
    await db().$executeRawUnsafe(`DROP TABLE IF EXISTS "${partitionName(table, runId)}"`);
  }
  return dropped;
}
