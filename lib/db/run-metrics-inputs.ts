import { scoringRulesFor, type TrajectoryEffort, type TrajectoryOutcome, type TurnScore } from "@/lib/metrics";
import { db, type DbOrTx } from "./client";

const outcomeSelect = {
  id: true,
  taskId: true,
  trial: true,
  stopReason: true,
  stopReasonInferred: true,
  reward: true,
  stateMatch: true,
  replyCheck: true,
  toolErrorCount: true,
  unresolvedToolErrorCount: true,
  userTurns: true,
  eventCount: true,
  firstErrorPosition: true,
  judgeGoalCompleted: true,
  judgeErrorSource: true,
  judgeToolHallucination: true,
  judgeUserHallucination: true,
  judgePolicyViolation: true,
  judgeFailureCategory: true,
  task: { select: { externalId: true, requiresTools: true, persona: true, tags: true } },
  run: { select: { sourceFormat: true } },
} as const;

function errorSource(value: string | null): TrajectoryOutcome["judge"]["errorSource"] {
  return value === "user" || value === "agent" || value === "none" ? value : null;
}

/** The stored per-trajectory scores of a run, shaped as lib/metrics inputs; no event is read. */
export async function loadTrajectoryOutcomes(
  { runId }: { runId: string },
  client: DbOrTx = db(),
): Promise<TrajectoryOutcome[]> {
  const rows = await client.trajectory.findMany({
    where: { runId },
    select: outcomeSelect,
    orderBy: [{ taskId: "asc" }, { trial: "asc" }],
  });
  return rows.map((row) => ({
    trajectoryId: row.id,
    // Tasks are compared across runs by their external id, so metrics group on it too.
    taskId: row.task.externalId,
    trial: row.trial,
    stopReason: row.stopReason,
    stopReasonInferred: row.stopReasonInferred,
    reward: row.reward,
    missingRewardIsFailure: scoringRulesFor(row.run.sourceFormat).missingRewardIsFailure,
    stateMatch: row.stateMatch,
    replyCheck: row.replyCheck,
    requiresTools: row.task.requiresTools,
    toolErrorCount: row.toolErrorCount,
    unresolvedToolErrorCount: row.unresolvedToolErrorCount,
    userTurns: row.userTurns,
    eventCount: row.eventCount,
    firstErrorPosition: row.firstErrorPosition,
    persona: row.task.persona,
    tags: row.task.tags,
    judge: {
      goalCompleted: row.judgeGoalCompleted,
      errorSource: errorSource(row.judgeErrorSource),
      toolHallucination: row.judgeToolHallucination,
      userHallucination: row.judgeUserHallucination,
      policyViolation: row.judgePolicyViolation,
      failureCategory: row.judgeFailureCategory,
    },
  }));
}

const effortSelect = {
  costUsd: true,
  agentCostUsd: true,
  userCostUsd: true,
  durationMs: true,
  messageCount: true,
  toolCallCount: true,
  userToolCallCount: true,
} as const;

/** Cost, duration, messages and tool calls of every trajectory of a run. */
export function loadTrajectoryEffort({ runId }: { runId: string }, client: DbOrTx = db()): Promise<TrajectoryEffort[]> {
  return client.trajectory.findMany({ where: { runId }, select: effortSelect });
}

export async function loadTurnScores({ runId }: { runId: string }, client: DbOrTx = db()): Promise<TurnScore[]> {
  const rows = await client.turnPrediction.findMany({
    where: { runId },
    select: { kind: true, rouge1F1: true, judgeSuccess: true, exactMatch: true, argumentF1: true },
  });
  return rows.map((row) => ({ ...row, kind: row.kind === "tool" ? "tool" : "text" }));
}

export interface CachedMetrics {
  metrics: unknown;
  computedAt: Date | null;
}

export async function readMetricsCache(
  { runId }: { runId: string },
  client: DbOrTx = db(),
): Promise<CachedMetrics | null> {
  const run = await client.run.findFirst({
    where: { id: runId, deletedAt: null },
    select: { metricsCache: true, metricsComputedAt: true },
  });
  return run ? { metrics: run.metricsCache, computedAt: run.metricsComputedAt } : null;
}

export async function writeMetricsCache(
  { runId, metrics }: { runId: string; metrics: object },
  client: DbOrTx = db(),
): Promise<void> {
  await client.run.update({ where: { id: runId }, data: { metricsCache: metrics, metricsComputedAt: new Date() } });
}
