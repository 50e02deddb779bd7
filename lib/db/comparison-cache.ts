import { db, type DbOrTx } from "./client";

/** A stored /compare result, or null. The key names the ordered run ids, METRICS_VERSION and identity generation. */
export async function readCachedComparison({ key }: { key: string }, client: DbOrTx = db()): Promise<unknown> {
  // The JSON text is parsed here rather than by the driver's type parser: same cost, and one place to read it.
  const [row] = await client.$queryRawUnsafe<{ result: string }[]>(
    `SELECT result::text AS result FROM "ComparisonCache" WHERE key = $1`,
    key,
  );
  return row ? (JSON.parse(row.result) as unknown) : null;
}

export async function writeCachedComparison(
  {
    key,
    runIds,
    metricsVersion,
    identityGeneration,
    result,
  }: { key: string; runIds: readonly string[]; metricsVersion: number; identityGeneration: number; result: object },
  client: DbOrTx = db(),
): Promise<void> {
  // Results of an older generation or METRICS_VERSION can never be read again: drop them as we go.
  await client.$executeRawUnsafe(
    `DELETE FROM "ComparisonCache" WHERE "identityGeneration" < $1::bigint OR "metricsVersion" <> $2`,
    identityGeneration,
    metricsVersion,
  );
  await client.$executeRawUnsafe(
    `INSERT INTO "ComparisonCache" (key, "runIds", "metricsVersion", "identityGeneration", result)
     VALUES ($1, $2::text[], $3, $4::bigint, $5::json)
     ON CONFLICT (key) DO UPDATE SET result = EXCLUDED.result, "createdAt" = CURRENT_TIMESTAMP`,
    key,
    [...runIds].sort(),
    metricsVersion,
    identityGeneration,
    JSON.stringify(result),
  );
}

/** Forgets every stored comparison that includes the run (it was rescored or deleted). */
export function forgetCachedComparisons({ runId }: { runId: string }, client: DbOrTx = db()): Promise<number> {
  return client.$executeRawUnsafe(`DELETE FROM "ComparisonCache" WHERE "runIds" @> ARRAY[$1]::text[]`, runId);
}
