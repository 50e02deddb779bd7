import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

export const runCacheSelect = {
  id: true,
  suiteId: true,
  metricsCache: true,
} satisfies Prisma.RunSelect;

export interface RunMetricsCacheRow {
  runId: string;
  suiteId: string;
  /** The cached RunMetricsResponse as stored (any version), null when never computed. */
  metrics: unknown;
}

/** The cached metrics of many runs in one query (the leaderboard reads every run at once). */
export async function readMetricsCaches(
  { runIds }: { runIds: readonly string[] },
  client: DbOrTx = db(),
): Promise<RunMetricsCacheRow[]> {
  if (runIds.length === 0) return [];
  const rows = await client.run.findMany({
    where: { id: { in: [...runIds] }, deletedAt: null },
    select: runCacheSelect,
  });
  return rows.map((row) => ({ runId: row.id, suiteId: row.suiteId, metrics: row.metricsCache }));
}

export const suiteHeadSelect = {
  id: true,
  name: true,
  version: true,
  domain: true,
} satisfies Prisma.SuiteSelect;

export type SuiteHead = Prisma.SuiteGetPayload<{ select: typeof suiteHeadSelect }>;

export function findSuiteHead({ suiteId }: { suiteId: string }, client: DbOrTx = db()): Promise<SuiteHead | null> {
  return client.suite.findUnique({ where: { id: suiteId }, select: suiteHeadSelect });
}

export const suiteRunSelect = {
  id: true,
  name: true,
  variant: true,
  pairingKey: true,
  createdAt: true,
  model: { select: { name: true, family: true, size: true } },
} satisfies Prisma.RunSelect;

export type SuiteRunRow = Prisma.RunGetPayload<{ select: typeof suiteRunSelect }>;

export function listSuiteRuns({ suiteId }: { suiteId: string }, client: DbOrTx = db()): Promise<SuiteRunRow[]> {
  return client.run.findMany({
    where: { suiteId, deletedAt: null },
    select: suiteRunSelect,
    orderBy: [{ createdAt: "asc" }, { name: "asc" }],
  });
}
