import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

export const runListSelect = {
  id: true,
  name: true,
  nameIsCustom: true,
  variant: true,
  pairingKey: true,
  sourceFormat: true,
  metadata: true,
  tags: true,
  createdAt: true,
  model: { select: { name: true, family: true, size: true } },
  suite: { select: { id: true, name: true, version: true } },
  bundle: { select: { id: true, fileName: true, uploadedAt: true } },
} satisfies Prisma.RunSelect;

export type RunListItem = Prisma.RunGetPayload<{ select: typeof runListSelect }>;

export function listRunRows(client: DbOrTx = db()): Promise<RunListItem[]> {
  return client.run.findMany({
    where: { deletedAt: null },
    select: runListSelect,
    orderBy: [{ createdAt: "desc" }, { name: "asc" }],
  });
}

/** Task and reward of every trajectory of the given runs (submission runs: tens to thousands of rows). */
export async function listTrajectoryRewards(
  runIds: readonly string[],
  client: DbOrTx = db(),
): Promise<{ runId: string; taskId: string; reward: number | null }[]> {
  if (runIds.length === 0) return [];
  return client.trajectory.findMany({
    where: { runId: { in: [...runIds] } },
    select: { runId: true, taskId: true, reward: true },
  });
}

export interface RunCounts {
  runId: string;
  trajectories: number;
  tasks: number;
  minTrials: number;
  maxTrials: number;
  turnPredictions: number;
}

/** Trajectory, task and trial counts per run in one grouped query. */
export async function countRunRecords(runIds: string[], client: DbOrTx = db()): Promise<Map<string, RunCounts>> {
  if (runIds.length === 0) return new Map();
  const rows = await client.$queryRawUnsafe<
    { runId: string; trajectories: number; tasks: number; minTrials: number; maxTrials: number }[]
  >(
    `SELECT "runId", sum(n)::int AS trajectories, count(*)::int AS tasks, min(n)::int AS "minTrials", max(n)::int AS "maxTrials"
     FROM (SELECT "runId", "taskId", count(*) AS n FROM "Trajectory" WHERE "runId" = ANY($1::text[]) GROUP BY "runId", "taskId") per_task
     GROUP BY "runId"`,
    runIds,
  );
  const predictions = await client.turnPrediction.groupBy({
    by: ["runId"],
    where: { runId: { in: runIds } },
    _count: { _all: true },
  });
  const result = new Map<string, RunCounts>();
  for (const runId of runIds)
    result.set(runId, { runId, trajectories: 0, tasks: 0, minTrials: 0, maxTrials: 0, turnPredictions: 0 });
  for (const row of rows) Object.assign(result.get(row.runId) ?? {}, row);
  for (const row of predictions) {
    const entry = result.get(row.runId);
    if (entry) entry.turnPredictions = row._count._all;
  }
  return result;
}

export interface SuiteTaskCount {
  id: string;
  name: string;
  version: string;
  createdAt: Date;
  taskCount: number;
}

/** Every suite with its number of tasks, for labels that tell task sets of one name apart. */
export async function listSuiteTaskCounts(client: DbOrTx = db()): Promise<SuiteTaskCount[]> {
  const suites = await client.suite.findMany({
    select: { id: true, name: true, version: true, createdAt: true, _count: { select: { tasks: true } } },
  });
  return suites.map((suite) => ({
    id: suite.id,
    name: suite.name,
    version: suite.version,
    createdAt: suite.createdAt,
    taskCount: suite._count.tasks,
  }));
}

export function countRuns(client: DbOrTx = db()): Promise<number> {
  return client.run.count({ where: { deletedAt: null } });
}

export async function updateRunLabels(
  {
    runId,
    name,
    variant,
    pairingKey,
    tags,
  }: { runId: string; name: string | null; variant: string; pairingKey: string | null; tags: Record<string, string> },
  client: DbOrTx = db(),
): Promise<boolean> {
  // An empty name hands naming back to the built display name; the stored name stays as the importer's.
  const naming = name === null ? { nameIsCustom: false } : { name, nameIsCustom: true };
  const result = await client.run.updateMany({
    where: { id: runId, deletedAt: null },
    data: { ...naming, variant, pairingKey, tags },
  });
  return result.count > 0;
}
