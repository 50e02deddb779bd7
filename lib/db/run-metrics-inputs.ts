import { scoringRulesFor, type TrajectoryEffort, type TrajectoryOutcome, type TurnScore } from "@/lib/metrics";
import { db, type DbOrTx } from "./client";

interface OutcomeRow {
  id: string;
  trial: number;
  stopReason: string | null;
  stopReasonInferred: boolean;
  reward: number | null;
  stateMatch: boolean | null;
  replyCheck: boolean | null;
  toolErrorCount: number;
  unresolvedToolErrorCount: number;
  userTurns: number;
  eventCount: number;
  firstErrorPosition: number | null;
  judgeGoalCompleted: boolean | null;
  judgeErrorSource: string | null;
  judgeToolHallucination: boolean | null;
  judgeUserHallucination: boolean | null;
  judgePolicyViolation: boolean | null;
  judgeFailureCategory: string | null;
  taskExternalId: string;
  requiresTools: boolean;
  persona: string | null;
  tags: string[];
  sourceFormat: string;
}

function errorSource(value: string | null): TrajectoryOutcome["judge"]["errorSource"] {
  return value === "user" || value === "agent" || value === "none" ? value : null;
}

/** The stored per-trajectory scores of a run, shaped as lib/metrics inputs; no event is read. */
export async function loadTrajectoryOutcomes(
  { runId }: { runId: string },
  client: DbOrTx = db(),
): Promise<TrajectoryOutcome[]> {
  // One joined query: a relation-loading findMany spent about as long mapping 10,000 nested rows as computing
  // every metric from them.
  const rows = await client.$queryRawUnsafe<OutcomeRow[]>(
    `SELECT t.id, t.trial, t."stopReason", t."stopReasonInferred", t.reward, t."stateMatch", t."replyCheck",
            t."toolErrorCount", t."unresolvedToolErrorCount", t."userTurns", t."eventCount", t."firstErrorPosition",
            t."judgeGoalCompleted", t."judgeErrorSource", t."judgeToolHallucination", t."judgeUserHallucination",
            t."judgePolicyViolation", t."judgeFailureCategory",
            k."externalId" AS "taskExternalId", k."requiresTools", k.persona, k.tags, r."sourceFormat"
     FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId" JOIN "Run" r ON r.id = t."runId"
     WHERE t."runId" = $1
     ORDER BY t."taskId" ASC, t.trial ASC`,
    runId,
  );
  const first = rows[0];
  // One run, one source format.
  const missingRewardIsFailure = first ? scoringRulesFor(first.sourceFormat).missingRewardIsFailure : false;
  return rows.map((row) => ({
    trajectoryId: row.id,
    // Tasks are compared across runs by their external id, so metrics group on it too.
    taskId: row.taskExternalId,
    trial: row.trial,
    stopReason: row.stopReason,
    stopReasonInferred: row.stopReasonInferred,
    reward: row.reward,
    missingRewardIsFailure,
    stateMatch: row.stateMatch,
    replyCheck: row.replyCheck,
    requiresTools: row.requiresTools,
    toolErrorCount: row.toolErrorCount,
    unresolvedToolErrorCount: row.unresolvedToolErrorCount,
    userTurns: row.userTurns,
    eventCount: row.eventCount,
    firstErrorPosition: row.firstErrorPosition,
    persona: row.persona,
    tags: row.tags,
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

/** Cost, duration, messages and tool calls of every trajectory of a run (plain SQL: 10,000 rows of a big run). */
export function loadTrajectoryEffort({ runId }: { runId: string }, client: DbOrTx = db()): Promise<TrajectoryEffort[]> {
  return client.$queryRawUnsafe<TrajectoryEffort[]>(
    `SELECT "costUsd", "agentCostUsd", "userCostUsd", "durationMs", "messageCount", "toolCallCount", "userToolCallCount"
     FROM "Trajectory" WHERE "runId" = $1`,
    runId,
  );
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
