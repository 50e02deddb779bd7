import { isTrajectorySuccess } from "./is-trajectory-success";
import { scoreTrajectoryEvents } from "./score-trajectory-events";
import type { ScoringRules } from "./scoring-rules";
import type { MetricEvent } from "./types";

export interface StoredScoreInput {
  events: readonly MetricEvent[];
  requiredReplyInfo: readonly string[] | null;
  expectedFinalState: unknown;
  finalState: unknown;
  finalReply: string | null;
  flaggedTurns: readonly number[];
  reward: number | null;
  stopReason: string | null;
  rules: ScoringRules;
}

/** The per-trajectory scores stored on a trajectory row; ingest and `npm run rescore` both compute them here. */
export interface StoredScores {
  userTurns: number;
  toolCallCount: number;
  userToolCallCount: number;
  toolErrorCount: number;
  unresolvedToolErrorCount: number;
  firstErrorPosition: number | null;
  stateMatch: boolean | null;
  replyCheck: boolean | null;
  success: boolean | null;
}

export function computeStoredScores(input: StoredScoreInput): StoredScores {
  const score = scoreTrajectoryEvents(input.events, {
    requiredReplyInfo: input.requiredReplyInfo,
    expectedFinalState: input.expectedFinalState ?? null,
    finalState: input.finalState ?? null,
    finalReply: input.finalReply,
    flaggedTurns: input.flaggedTurns,
    replyRule: input.rules.replyRule,
  });
  return {
    userTurns: score.userTurns,
    toolCallCount: score.agentToolCallCount,
    userToolCallCount: score.toolCallCount - score.agentToolCallCount,
    toolErrorCount: score.toolErrorCount,
    unresolvedToolErrorCount: score.unresolvedToolErrorCount,
    firstErrorPosition: score.firstErrorPosition,
    stateMatch: score.stateMatch,
    replyCheck: score.replyCheck,
    success: isTrajectorySuccess({
      reward: input.reward,
      stopReason: input.stopReason,
      stateMatch: score.stateMatch,
      replyCheck: score.replyCheck,
      missingRewardIsFailure: input.rules.missingRewardIsFailure,
    }),
  };
}

/** Turns a judge marked unsuccessful, from stored turn labels (JSON); malformed entries are skipped. */
export function parseFlaggedTurns(labels: unknown): number[] {
  if (!Array.isArray(labels)) return [];
  return labels.flatMap((label: unknown) => {
    if (label === null || typeof label !== "object") return [];
    const { turn, success } = label as { turn?: unknown; success?: unknown };
    return success === false && typeof turn === "number" ? [turn] : [];
  });
}
