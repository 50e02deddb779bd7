import type { Prisma } from "./generated/client";
import { compareNatural } from "@/lib/presenters/natural-order";
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

function whereOf(runId: string, filter: TrajectoryFilter): Prisma.TrajectoryWhereInput {
  const where: Prisma.TrajectoryWhereInput = { runId };
  if (filter.outcome) where.success = filter.outcome === "success" ? true : filter.outcome === "fail" ? false : null;
  if (filter.stopReason !== undefined) where.stopReason = filter.stopReason;
  if (filter.hasToolError !== undefined) where.toolErrorCount = filter.hasToolError ? { gt: 0 } : 0;
  if (filter.failureCategory) where.judgeFailureCategory = filter.failureCategory;
  if (filter.search) {
    const contains = { contains: filter.search, mode: "insensitive" as const };
    where.OR = [{ finalReply: contains }, { externalId: contains }, { task: { externalId: contains } }];
  }
  return where;
}

export async function listTrajectoryPage(
  { runId, filter, skip, take }: { runId: string; filter: TrajectoryFilter; skip: number; take: number },
  client: DbOrTx = db(),
): Promise<{ rows: TrajectoryListRow[]; total: number }> {
  const where = whereOf(runId, filter);
  // Task ids sort naturally (2 before 10), which SQL's text order cannot do portably (PGlite has no ICU):
  // order the matching ids here, then load the one page.
  const keys = await client.trajectory.findMany({
    where,
    select: { id: true, trial: true, task: { select: { externalId: true } } },
  });
  keys.sort((a, b) => compareNatural(a.task.externalId, b.task.externalId) || a.trial - b.trial);
  const pageIds = keys.slice(skip, skip + take).map((key) => key.id);
  const rows = await client.trajectory.findMany({ where: { id: { in: pageIds } }, select: trajectoryListSelect });
  const position = new Map(pageIds.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { rows, total: keys.length };
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
  run: { select: { id: true, name: true, variant: true, pairingKey: true, sourceFormat: true } },
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
