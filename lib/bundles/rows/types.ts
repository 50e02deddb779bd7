import type { StoredEventRecord } from "@/lib/contracts/event";

/** Database rows prepared from validated bundle records (pure; written by lib/db/ingest-writes.ts). */

export interface TrajectoryRow {
  id: string;
  runId: string;
  taskId: string;
  trial: number;
  externalId: string | null;
  stopReason: string | null;
  stopReasonInferred: boolean;
  finalState: unknown;
  finalReply: string | null;
  finalReplyInferred: boolean;
  reward: number | null;
  rewardBreakdown: unknown;
  judgeGoalCompleted: boolean | null;
  judgeErrorSource: string | null;
  judgeToolHallucination: boolean | null;
  judgeUserHallucination: boolean | null;
  judgePolicyViolation: boolean | null;
  judgeFailureCategory: string | null;
  judgeRationale: string | null;
  judgeName: string | null;
  judgeTurnLabels: unknown;
  costUsd: number | null;
  agentCostUsd: number | null;
  userCostUsd: number | null;
  promptTokens: number | null;
  completionTokens: number | null;
  durationMs: number | null;
  eventCount: number;
  messageCount: number;
  userTurns: number;
  toolCallCount: number;
  userToolCallCount: number;
  toolErrorCount: number;
  toolErrorsInferred: boolean;
  unresolvedToolErrorCount: number;
  firstErrorPosition: number | null;
  stateMatch: boolean | null;
  replyCheck: boolean | null;
  success: boolean | null;
}

/** An Event row as ingest writes it (the stored event contract, lib/contracts/event.ts). */
export type EventRow = StoredEventRecord;

export interface TurnPredictionRow {
  id: string;
  runId: string;
  taskId: string;
  turnIndex: number;
  kind: "text" | "tool";
  reference: unknown;
  prediction: unknown;
  judgeSuccess: boolean | null;
  judgeFailureCategory: string | null;
  judgeRationale: string | null;
  judgeName: string | null;
  rouge1Precision: number | null;
  rouge1Recall: number | null;
  rouge1F1: number | null;
  exactMatch: boolean | null;
  argumentF1: number | null;
}
