import type { Prisma } from "./generated/client";
import { compareNatural } from "@/lib/contracts/natural-order";
import { db, type DbOrTx } from "./client";

/** The few columns a task x trial grid cell needs; cheap enough for 10,000 trajectories. */
export const trajectoryCellSelect = {
  id: true,
  trial: true,
  success: true,
  stopReason: true,
  stopReasonInferred: true,
  toolErrorCount: true,
  toolErrorsInferred: true,
  task: { select: { externalId: true } },
} satisfies Prisma.TrajectorySelect;

export type TrajectoryCellRow = Prisma.TrajectoryGetPayload<{ select: typeof trajectoryCellSelect }>;

export function listTrajectoryCells({ runId }: { runId: string }, client: DbOrTx = db()): Promise<TrajectoryCellRow[]> {
  return client.trajectory.findMany({
    where: { runId },
    select: trajectoryCellSelect,
    orderBy: [{ task: { externalId: "asc" } }, { trial: "asc" }],
  });
}

export interface TaskOutcomeCountRow {
  taskExternalId: string;
  success: boolean | null;
  stopReason: string | null;
  count: number;
}

/** Trajectories of a run counted by task, outcome and stop reason: a few hundred rows for a 10,000-trajectory run. */
export function listTaskOutcomeCounts(
  { runId }: { runId: string },
  client: DbOrTx = db(),
): Promise<TaskOutcomeCountRow[]> {
  return client.$queryRawUnsafe<TaskOutcomeCountRow[]>(
    `SELECT k."externalId" AS "taskExternalId", t.success, t."stopReason", count(*)::int AS count
     FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId"
     WHERE t."runId" = $1
     GROUP BY 1, 2, 3`,
    runId,
  );
}

/** The distinct trial numbers of a run. */
export async function listRunTrials({ runId }: { runId: string }, client: DbOrTx = db()): Promise<number[]> {
  const rows = await client.$queryRawUnsafe<{ trial: number }[]>(
    `SELECT DISTINCT trial FROM "Trajectory" WHERE "runId" = $1 ORDER BY trial`,
    runId,
  );
  return rows.map((row) => row.trial);
}

export interface TrajectoryCellOfTaskRow {
  id: string;
  taskExternalId: string;
  trial: number;
  success: boolean | null;
  stopReason: string | null;
  toolErrorCount: number;
  toolErrorsInferred: boolean;
}

/** The grid cells of some tasks (by external id) and trials of a run: one page of the task grid. */
export function listTrajectoryCellsOf(
  { runId, taskExternalIds, trials }: { runId: string; taskExternalIds: readonly string[]; trials: readonly number[] },
  client: DbOrTx = db(),
): Promise<TrajectoryCellOfTaskRow[]> {
  if (taskExternalIds.length === 0 || trials.length === 0) return Promise.resolve([]);
  return client.$queryRawUnsafe<TrajectoryCellOfTaskRow[]>(
    `SELECT t.id, k."externalId" AS "taskExternalId", t.trial, t.success, t."stopReason", t."toolErrorCount",
            t."toolErrorsInferred"
     FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId"
     WHERE t."runId" = $1 AND k."externalId" = ANY($2::text[]) AND t.trial = ANY($3::int[])`,
    runId,
    [...taskExternalIds],
    [...trials],
  );
}

export const trajectoryListSelect = {
  id: true,
  externalId: true,
  trial: true,
  success: true,
  reward: true,
  stopReason: true,
  stopReasonInferred: true,
  toolErrorCount: true,
  toolErrorsInferred: true,
  unresolvedToolErrorCount: true,
  userTurns: true,
  eventCount: true,
  judgeFailureCategory: true,
  finalReply: true,
  finalReplyInferred: true,
  task: { select: { externalId: true } },
} satisfies Prisma.TrajectorySelect;

export type TrajectoryListRow = Prisma.TrajectoryGetPayload<{ select: typeof trajectoryListSelect }>;

export interface TrajectoryFilter {
  outcome?: "success" | "fail" | "unknown";
  /** A recorded stop reason, or null for trajectories without one. */
  stopReason?: string | null;
  hasToolError?: boolean;
  failureCategory?: string;
  /** Case-insensitive substring of the final reply, the task id or the trajectory's source id. */
  search?: string;
}

/** The filter as SQL over "Trajectory" t JOIN "Task" k, with its parameters after the run id ($1). */
function sqlWhereOf(runId: string, filter: TrajectoryFilter): { where: string; values: unknown[] } {
  const clauses = [`t."runId" = $1`];
  const values: unknown[] = [runId];
  const add = (sql: (index: number) => string, value: unknown) => {
    values.push(value);
    clauses.push(sql(values.length));
  };
  if (filter.outcome === "success") clauses.push(`t.success = true`);
  if (filter.outcome === "fail") clauses.push(`t.success = false`);
  if (filter.outcome === "unknown") clauses.push(`t.success IS NULL`);
  if (filter.stopReason === null) clauses.push(`t."stopReason" IS NULL`);
  else if (filter.stopReason !== undefined) add((i) => `t."stopReason" = $${i}`, filter.stopReason);
  if (filter.hasToolError !== undefined)
    clauses.push(filter.hasToolError ? `t."toolErrorCount" > 0` : `t."toolErrorCount" = 0`);
  if (filter.failureCategory) add((i) => `t."judgeFailureCategory" = $${i}`, filter.failureCategory);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    add((i) => `(t."finalReply" ILIKE $${i} OR t."externalId" ILIKE $${i} OR k."externalId" ILIKE $${i})`, pattern);
  }
  return { where: clauses.join(" AND "), values };
}

export async function listTrajectoryPage(
  { runId, filter, skip, take }: { runId: string; filter: TrajectoryFilter; skip: number; take: number },
  client: DbOrTx = db(),
): Promise<{ rows: TrajectoryListRow[]; total: number }> {
  const { where, values } = sqlWhereOf(runId, filter);
  // Task ids sort naturally (2 before 10), which SQL's text order cannot do portably (PGlite has no ICU):
  // the run's few distinct task ids are put in natural order here and PostgreSQL pages by their position,
  // so a 10,000-trajectory run hands over one page of ids, not all of its keys.
  const [tasks, [counted]] = await Promise.all([
    client.$queryRawUnsafe<{ externalId: string }[]>(
      `SELECT DISTINCT k."externalId" FROM "Task" k
       WHERE k.id IN (SELECT DISTINCT "taskId" FROM "Trajectory" WHERE "runId" = $1)`,
      runId,
    ),
    client.$queryRawUnsafe<{ total: number }[]>(
      `SELECT count(*)::int AS total FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId" WHERE ${where}`,
      ...values,
    ),
  ]);
  const order = tasks.map((task) => task.externalId).sort(compareNatural);
  const n = values.length;
  const keys = await client.$queryRawUnsafe<{ id: string }[]>(
    `SELECT t.id FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId"
     WHERE ${where}
     ORDER BY array_position($${n + 1}::text[], k."externalId"), t.trial, t.id
     LIMIT $${n + 2} OFFSET $${n + 3}`,
    ...values,
    order,
    take,
    skip,
  );
  const pageIds = keys.map((key) => key.id);
  const rows = await client.trajectory.findMany({ where: { id: { in: pageIds } }, select: trajectoryListSelect });
  const position = new Map(pageIds.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { rows, total: counted?.total ?? 0 };
}

export interface TrajectoryFacets {
  stopReasons: (string | null)[];
  failureCategories: string[];
}

/** Distinct values offered by the trajectory filters. */
export async function listTrajectoryFacets(
  { runId }: { runId: string },
  client: DbOrTx = db(),
): Promise<TrajectoryFacets> {
  const [reasons, categories] = await Promise.all([
    client.trajectory.groupBy({ by: ["stopReason"], where: { runId }, orderBy: { stopReason: "asc" } }),
    client.trajectory.groupBy({
      by: ["judgeFailureCategory"],
      where: { runId, judgeFailureCategory: { not: null } },
      orderBy: { judgeFailureCategory: "asc" },
    }),
  ]);
  return {
    stopReasons: reasons.map((row) => row.stopReason),
    failureCategories: categories
      .map((row) => row.judgeFailureCategory)
      .filter((value): value is string => value !== null),
  };
}

export const trajectoryDetailSelect = {
  id: true,
  runId: true,
  taskId: true,
  trial: true,
  externalId: true,
  stopReason: true,
  stopReasonInferred: true,
  finalState: true,
  finalReply: true,
  finalReplyInferred: true,
  reward: true,
  rewardBreakdown: true,
  judgeGoalCompleted: true,
  judgeErrorSource: true,
  judgeToolHallucination: true,
  judgeUserHallucination: true,
  judgePolicyViolation: true,
  judgeFailureCategory: true,
  judgeRationale: true,
  judgeName: true,
  judgeTurnLabels: true,
  costUsd: true,
  durationMs: true,
  eventCount: true,
  userTurns: true,
  toolCallCount: true,
  userToolCallCount: true,
  toolErrorCount: true,
  toolErrorsInferred: true,
  unresolvedToolErrorCount: true,
  stateMatch: true,
  replyCheck: true,
  success: true,
  run: { select: { id: true, name: true, variant: true, pairingKey: true, sourceFormat: true, suiteId: true } },
  task: { select: { externalId: true } },
} satisfies Prisma.TrajectorySelect;

export type TrajectoryDetailRow = Prisma.TrajectoryGetPayload<{ select: typeof trajectoryDetailSelect }>;

export function findTrajectoryDetail(
  { trajectoryId }: { trajectoryId: string },
  client: DbOrTx = db(),
): Promise<TrajectoryDetailRow | null> {
  return client.trajectory.findFirst({
    where: { id: trajectoryId, run: { deletedAt: null } },
    select: trajectoryDetailSelect,
  });
}

/** Trajectories of one task (by its external id) in a run, by trial. */
export function listTaskTrajectoriesInRun(
  { runId, taskExternalId }: { runId: string; taskExternalId: string },
  client: DbOrTx = db(),
): Promise<{ id: string; trial: number }[]> {
  return client.trajectory.findMany({
    where: { runId, task: { externalId: taskExternalId } },
    select: { id: true, trial: true },
    orderBy: { trial: "asc" },
  });
}
