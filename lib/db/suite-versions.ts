import type { IngestSession } from "./ingest-session";

export interface SuiteTaskSetRow {
  id: string;
  policy: string | null;
  /** Tasks of the upload whose id the suite already holds, but only under another definition. */
  conflicts: number;
}

/**
 * Serialises ingests of one suite name until commit, so two uploads with a new task set
 * cannot both decide to create "task set 2".
 */
export async function lockSuiteName(
  tx: IngestSession,
  { name, version }: { name: string; version: string },
): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`suite:${name}\u0001${version}`]);
}

/** The task sets (suites) stored under one name and version, oldest first, each with its conflicts with the uploaded tasks. */
export async function listSuiteTaskSets(
  tx: IngestSession,
  { name, version, tasks }: { name: string; version: string; tasks: { externalId: string; definitionHash: string }[] },
): Promise<SuiteTaskSetRow[]> {
  return tx.query<SuiteTaskSetRow>(
    `SELECT s."id", s."policy",
       (SELECT count(*) FROM unnest($3::text[], $4::text[]) AS u("externalId", "definitionHash")
         WHERE EXISTS (SELECT 1 FROM "Task" t WHERE t."suiteId" = s."id" AND t."externalId" = u."externalId")
           AND NOT EXISTS (SELECT 1 FROM "Task" t WHERE t."suiteId" = s."id" AND t."externalId" = u."externalId" AND t."definitionHash" = u."definitionHash")
       )::int AS "conflicts"
     FROM "Suite" s WHERE s."name" = $1 AND s."version" = $2
     ORDER BY s."createdAt", s."id"`,
    [name, version, tasks.map((task) => task.externalId), tasks.map((task) => task.definitionHash)],
  );
}

/** Policy digests of the runs already stored on a suite, in the order they first appeared. */
export async function listSuitePolicyHashes(tx: IngestSession, { suiteId }: { suiteId: string }): Promise<string[]> {
  const rows = await tx.query<{ hash: string }>(
    `SELECT "metadata"->>'policyHash' AS "hash" FROM "Run"
     WHERE "suiteId" = $1 AND "metadata" ? 'policyHash'
     GROUP BY 1 ORDER BY min("createdAt"), 1`,
    [suiteId],
  );
  return rows.map((row) => row.hash);
}

export interface PairTarget {
  id: string;
  pairingKey: string | null;
}

/** A run named by `--pair <run id>`, if that is a run id. */
export async function findPairTarget(tx: IngestSession, { runId }: { runId: string }): Promise<PairTarget | null> {
  const rows = await tx.query<PairTarget>(`SELECT "id", "pairingKey" FROM "Run" WHERE "id" = $1`, [runId]);
  return rows[0] ?? null;
}
