import { db, type DbOrTx } from "./client";

/** The current identity generation (bumped at commit by triggers on Run, LeaderboardSummary and Task). */
export async function readIdentityGeneration(client: DbOrTx = db()): Promise<number> {
  const [row] = await client.$queryRawUnsafe<{ value: number }[]>(
    `SELECT "value"::float8 AS value FROM "IdentityGeneration" WHERE id = 1`,
  );
  return row?.value ?? 0;
}

export interface StoredIdentityRow {
  runId: string;
  /** Null when the run has no lean row yet or its identity was never stored. */
  identity: unknown;
  identityGeneration: number | null;
}

/**
 * Live runs' stored identities in the listing order (newest first, then by name): every run, or only
 * those with the given ids or of the given suite (a page that names a few runs parses only theirs).
 */
export function readStoredIdentities(
  { runIds, suiteId }: { runIds?: readonly string[]; suiteId?: string } = {},
  client: DbOrTx = db(),
): Promise<StoredIdentityRow[]> {
  return client.$queryRawUnsafe<StoredIdentityRow[]>(
    `SELECT r.id AS "runId", ls.identity, ls."identityGeneration"::float8 AS "identityGeneration"
     FROM "Run" r LEFT JOIN "LeaderboardSummary" ls ON ls."runId" = r.id
     WHERE r."deletedAt" IS NULL
       AND ($1::text[] IS NULL OR r.id = ANY($1::text[]) OR r."suiteId" = $2::text)
       AND ($1::text[] IS NOT NULL OR $2::text IS NULL OR r."suiteId" = $2::text)
     ORDER BY r."createdAt" DESC, r.name ASC`,
    runIds ? [...runIds] : null,
    suiteId ?? null,
  );
}

/** Whether any live run lacks an identity of this generation (one index-free scan of the lean rows). */
export async function hasStaleIdentities(
  { generation }: { generation: number },
  client: DbOrTx = db(),
): Promise<boolean> {
  const [row] = await client.$queryRawUnsafe<{ stale: boolean }[]>(
    `SELECT EXISTS (
       SELECT 1 FROM "Run" r LEFT JOIN "LeaderboardSummary" ls ON ls."runId" = r.id
       WHERE r."deletedAt" IS NULL AND (ls."identityGeneration" IS DISTINCT FROM $1::bigint OR ls.identity IS NULL)
     ) AS stale`,
    generation,
  );
  return row?.stale ?? true;
}

/** Stores the identities of many runs, built at `generation`, in one statement. */
export async function writeStoredIdentities(
  { generation, identities }: { generation: number; identities: readonly { runId: string; identity: object }[] },
  client: DbOrTx = db(),
): Promise<void> {
  if (identities.length === 0) return;
  await client.$executeRawUnsafe(
    `UPDATE "LeaderboardSummary" ls SET identity = v.identity, "identityGeneration" = $3::bigint
     FROM unnest($1::text[], $2::json[]) AS v("runId", identity)
     WHERE ls."runId" = v."runId"`,
    identities.map((row) => row.runId),
    identities.map((row) => JSON.stringify(row.identity)),
    generation,
  );
}
