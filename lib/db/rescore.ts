import { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";
import type { StoredScores } from "@/lib/metrics/compute-stored-scores";

const rescoreTrajectorySelect = {
  id: true,
  finalState: true,
  finalReply: true,
  reward: true,
  stopReason: true,
  judgeTurnLabels: true,
  task: { select: { requiredReplyInfo: true, expectedFinalState: true } },
  events: {
    select: {
      seq: true,
      turnIndex: true,
      kind: true,
      actor: true,
      toolName: true,
      callId: true,
      isError: true,
      text: true,
    },
    orderBy: { seq: "asc" },
  },
} satisfies Prisma.TrajectorySelect;

export type RescoreTrajectoryRow = Prisma.TrajectoryGetPayload<{ select: typeof rescoreTrajectorySelect }>;

/** Runs whose stored scores predate `version`, oldest first. */
export async function listRunsToRescore(
  { version }: { version: number },
  client: DbOrTx = db(),
): Promise<{ id: string; name: string }[]> {
  return client.run.findMany({
    where: { scoresVersion: { lt: version } },
    select: { id: true, name: true },
    orderBy: { createdAt: "asc" },
  });
}

export async function readRunScoring(
  { runId }: { runId: string },
  client: DbOrTx = db(),
): Promise<{ sourceFormat: string; scoresVersion: number } | null> {
  return client.run.findUnique({ where: { id: runId }, select: { sourceFormat: true, scoresVersion: true } });
}

/** One page of a run's trajectories with what rescoring reads (events without their bodies), by id. */
export function loadTrajectoriesToRescore(
  { runId, after, take }: { runId: string; after: string | null; take: number },
  client: DbOrTx = db(),
): Promise<RescoreTrajectoryRow[]> {
  return client.trajectory.findMany({
    where: after === null ? { runId } : { runId, id: { gt: after } },
    select: rescoreTrajectorySelect,
    orderBy: { id: "asc" },
    take,
  });
}

/** One trajectory's recomputed scores, the same fields ingest stores (lib/metrics/compute-stored-scores.ts). */
export type TrajectoryScoreUpdate = StoredScores & { id: string };

/** One statement per page: unnest the columns and update by id. */
export async function writeTrajectoryScores(
  { updates }: { updates: readonly TrajectoryScoreUpdate[] },
  client: DbOrTx = db(),
): Promise<void> {
  if (updates.length === 0) return;
  const column = <K extends keyof TrajectoryScoreUpdate>(key: K) => updates.map((update) => update[key]);
  await client.$executeRaw`
    UPDATE "Trajectory" AS t SET
      "userTurns" = u.user_turns, "toolCallCount" = u.tool_calls, "userToolCallCount" = u.user_tool_calls,
      "toolErrorCount" = u.tool_errors, "unresolvedToolErrorCount" = u.unresolved, "firstErrorPosition" = u.first_error,
      "stateMatch" = u.state_match, "replyCheck" = u.reply_check, "success" = u.success
    FROM unnest(
      ${column("id")}::text[], ${column("userTurns")}::int4[], ${column("toolCallCount")}::int4[], ${column("userToolCallCount")}::int4[],
      ${column("toolErrorCount")}::int4[], ${column("unresolvedToolErrorCount")}::int4[], ${column("firstErrorPosition")}::float8[],
      ${column("stateMatch")}::bool[], ${column("replyCheck")}::bool[], ${column("success")}::bool[]
    ) AS u(id, user_turns, tool_calls, user_tool_calls, tool_errors, unresolved, first_error, state_match, reply_check, success)
    WHERE t.id = u.id`;
}

/** Marks the run's stored scores current and drops its metrics cache, which was computed from the old ones. */
export async function markRunRescored(
  { runId, version }: { runId: string; version: number },
  client: DbOrTx = db(),
): Promise<void> {
  await client.run.update({
    where: { id: runId },
    data: { scoresVersion: version, metricsCache: Prisma.DbNull, metricsComputedAt: null },
  });
}
