import {
  NO_JUDGE_LABELS,
  scoringRulesFor,
  type TrajectoryEffort,
  type TrajectoryJudgeLabels,
  type TrajectoryOutcome,
  type TurnScore,
} from "@/lib/metrics";
import { db, type DbOrTx } from "./client";

interface OutcomeRow {
  id: string;
  taskId: string;
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
}

interface RunTaskRow {
  taskId: string;
  sourceFormat: string;
  trajectories: number;
  externalId: string;
  requiresTools: boolean;
  persona: string | null;
  tags: string[];
}

/** Rows per query at most: a run of 108,810 trajectories read at once held about 170 MB of driver rows at its peak. */
export const OUTCOME_PAGE_ROWS = 5_000;

function errorSource(value: string | null): TrajectoryOutcome["judge"]["errorSource"] {
  return value === "user" || value === "agent" || value === "none" ? value : null;
}

function judgeOf(row: OutcomeRow, text: (value: string | null) => string | null): TrajectoryJudgeLabels {
  const labels = {
    goalCompleted: row.judgeGoalCompleted,
    errorSource: errorSource(row.judgeErrorSource),
    toolHallucination: row.judgeToolHallucination,
    userHallucination: row.judgeUserHallucination,
    policyViolation: row.judgePolicyViolation,
    failureCategory: text(row.judgeFailureCategory),
  };
  return Object.values(labels).every((value) => value === null) ? NO_JUDGE_LABELS : labels;
}

/** One copy of each repeated string (stop reasons, categories): the driver makes a new one per row. */
function stringPool(): (value: string | null) => string | null {
  const pool = new Map<string, string>();
  return (value) => {
    if (value === null) return null;
    const known = pool.get(value);
    if (known !== undefined) return known;
    pool.set(value, value);
    return value;
  };
}

/** Consecutive tasks grouped so each group holds at most `limit` trajectories (a bigger task is a group alone). */
function taskPages(tasks: readonly RunTaskRow[], limit: number): RunTaskRow[][] {
  const pages: RunTaskRow[][] = [];
  let page: RunTaskRow[] = [];
  let rows = 0;
  for (const task of tasks) {
    if (page.length > 0 && rows + task.trajectories > limit) {
      pages.push(page);
      page = [];
      rows = 0;
    }
    page.push(task);
    rows += task.trajectories;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}

/**
 * The stored per-trajectory scores of a run, shaped as lib/metrics inputs, in (task, trial) order; no event is read.
 * Read a few tasks at a time (equality lookups on the (runId, taskId, trial) key, whatever the table's statistics
 * say) so a big run never holds all its driver rows at once; the outcomes of a task share its id, persona and tags,
 * and unlabelled ones one empty judge object, which halves the memory per outcome.
 */
export async function loadTrajectoryOutcomes(
  { runId, pageRows = OUTCOME_PAGE_ROWS }: { runId: string; pageRows?: number },
  client: DbOrTx = db(),
): Promise<TrajectoryOutcome[]> {
  const tasks = await client.$queryRawUnsafe<RunTaskRow[]>(
    `SELECT t."taskId", r."sourceFormat", count(*)::int AS trajectories,
            k."externalId", k."requiresTools", k.persona, k.tags
     FROM "Trajectory" t JOIN "Task" k ON k.id = t."taskId" JOIN "Run" r ON r.id = t."runId"
     WHERE t."runId" = $1 GROUP BY t."taskId", k.id, r.id ORDER BY t."taskId" ASC`,
    runId,
  );
  // One run, one source format.
  const sourceFormat = tasks[0]?.sourceFormat;
  const missingRewardIsFailure = sourceFormat ? scoringRulesFor(sourceFormat).missingRewardIsFailure : false;
  const taskById = new Map(tasks.map((task) => [task.taskId, task]));
  const text = stringPool();
  const outcomes: TrajectoryOutcome[] = [];
  for (const page of taskPages(tasks, pageRows)) {
    const rows = await client.$queryRawUnsafe<OutcomeRow[]>(
      `SELECT t.id, t."taskId", t.trial, t."stopReason", t."stopReasonInferred", t.reward, t."stateMatch",
              t."replyCheck", t."toolErrorCount", t."unresolvedToolErrorCount", t."userTurns", t."eventCount",
              t."firstErrorPosition", t."judgeGoalCompleted", t."judgeErrorSource", t."judgeToolHallucination",
              t."judgeUserHallucination", t."judgePolicyViolation", t."judgeFailureCategory"
       FROM "Trajectory" t
       WHERE t."runId" = $1 AND t."taskId" = ANY($2::text[])
       ORDER BY t."taskId" ASC, t.trial ASC`,
      runId,
      page.map((task) => task.taskId),
    );
    for (const row of rows) {
      const task = taskById.get(row.taskId);
      if (!task) continue;
      outcomes.push({
        trajectoryId: row.id,
        // Tasks are compared across runs by their external id, so metrics group on it too.
        taskId: task.externalId,
        trial: row.trial,
        stopReason: text(row.stopReason),
        stopReasonInferred: row.stopReasonInferred,
        reward: row.reward,
        missingRewardIsFailure,
        stateMatch: row.stateMatch,
        replyCheck: row.replyCheck,
        requiresTools: task.requiresTools,
        toolErrorCount: row.toolErrorCount,
        unresolvedToolErrorCount: row.unresolvedToolErrorCount,
        userTurns: row.userTurns,
        eventCount: row.eventCount,
        firstErrorPosition: row.firstErrorPosition,
        persona: task.persona,
        tags: task.tags,
        judge: judgeOf(row, text),
      });
    }
  }
  return outcomes;
}

/** Cost, duration, messages and tool calls of every trajectory of a run (plain SQL: 10,000 rows of a big run). */
export function loadTrajectoryEffort({ runId }: { runId: string }, client: DbOrTx = db()): Promise<TrajectoryEffort[]> {
  // Tokens per side come from the events (tau2 records usage per message); a bundle's trajectory-level usage counts
  // for the whole. The event scan runs once per run and metrics version: the result is cached on the run.
  return client.$queryRawUnsafe<TrajectoryEffort[]>(
    `SELECT t."costUsd", t."agentCostUsd", t."userCostUsd", t."durationMs", t."messageCount", t."toolCallCount",
            t."userToolCallCount",
            CASE WHEN t."promptTokens" IS NULL AND t."completionTokens" IS NULL THEN u."tokens"
                 ELSE COALESCE(t."promptTokens", 0) + COALESCE(t."completionTokens", 0) END::float8 AS "tokens",
            u."agentTokens", u."userTokens"
     FROM "Trajectory" t
     LEFT JOIN (
       SELECT "trajectoryId",
              SUM(COALESCE("promptTokens", 0) + COALESCE("completionTokens", 0))::float8 AS "tokens",
              SUM(CASE WHEN actor = 'agent' THEN COALESCE("promptTokens", 0) + COALESCE("completionTokens", 0) END)::float8
                AS "agentTokens",
              SUM(CASE WHEN actor = 'user' THEN COALESCE("promptTokens", 0) + COALESCE("completionTokens", 0) END)::float8
                AS "userTokens"
       FROM "Event"
       WHERE "runId" = $1 AND ("promptTokens" IS NOT NULL OR "completionTokens" IS NOT NULL)
       GROUP BY "trajectoryId"
     ) u ON u."trajectoryId" = t.id
     WHERE t."runId" = $1`,
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
