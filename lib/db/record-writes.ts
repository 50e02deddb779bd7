import type { EventRow, TrajectoryRow, TurnPredictionRow } from "@/lib/bundles/rows/types";
import { jsonOrNull, textOrNull, type Column, type RowSink } from "./bulk-insert";
import type { IngestSession } from "./ingest-session";
import { partitionName } from "./run-partitions";

const trajectoryColumns: Column<TrajectoryRow>[] = [
  { name: "id", type: "text", value: (r) => r.id },
  { name: "runId", type: "text", value: (r) => r.runId },
  { name: "taskId", type: "text", value: (r) => r.taskId },
  { name: "trial", type: "int4", value: (r) => r.trial },
  { name: "externalId", type: "text", value: (r) => textOrNull(r.externalId) },
  { name: "stopReason", type: "text", value: (r) => textOrNull(r.stopReason) },
  { name: "stopReasonInferred", type: "bool", value: (r) => r.stopReasonInferred },
  { name: "finalState", type: "jsonb", value: (r) => jsonOrNull(r.finalState) },
  { name: "finalReply", type: "text", value: (r) => textOrNull(r.finalReply) },
  { name: "finalReplyInferred", type: "bool", value: (r) => r.finalReplyInferred },
  { name: "reward", type: "float8", value: (r) => r.reward },
  { name: "rewardBreakdown", type: "jsonb", value: (r) => jsonOrNull(r.rewardBreakdown) },
  { name: "judgeGoalCompleted", type: "bool", value: (r) => r.judgeGoalCompleted },
  { name: "judgeErrorSource", type: "text", value: (r) => textOrNull(r.judgeErrorSource) },
  { name: "judgeToolHallucination", type: "bool", value: (r) => r.judgeToolHallucination },
  { name: "judgeUserHallucination", type: "bool", value: (r) => r.judgeUserHallucination },
  { name: "judgePolicyViolation", type: "bool", value: (r) => r.judgePolicyViolation },
  { name: "judgeFailureCategory", type: "text", value: (r) => textOrNull(r.judgeFailureCategory) },
  { name: "judgeRationale", type: "text", value: (r) => textOrNull(r.judgeRationale) },
  { name: "judgeName", type: "text", value: (r) => textOrNull(r.judgeName) },
  { name: "judgeTurnLabels", type: "jsonb", value: (r) => jsonOrNull(r.judgeTurnLabels) },
  { name: "costUsd", type: "float8", value: (r) => r.costUsd },
  { name: "agentCostUsd", type: "float8", value: (r) => r.agentCostUsd },
  { name: "userCostUsd", type: "float8", value: (r) => r.userCostUsd },
  { name: "promptTokens", type: "int4", value: (r) => r.promptTokens },
  { name: "completionTokens", type: "int4", value: (r) => r.completionTokens },
  { name: "durationMs", type: "float8", value: (r) => r.durationMs },
  { name: "eventCount", type: "int4", value: (r) => r.eventCount },
  { name: "messageCount", type: "int4", value: (r) => r.messageCount },
  { name: "userTurns", type: "int4", value: (r) => r.userTurns },
  { name: "toolCallCount", type: "int4", value: (r) => r.toolCallCount },
  { name: "userToolCallCount", type: "int4", value: (r) => r.userToolCallCount },
  { name: "toolErrorCount", type: "int4", value: (r) => r.toolErrorCount },
  { name: "toolErrorsInferred", type: "bool", value: (r) => r.toolErrorsInferred },
  { name: "unresolvedToolErrorCount", type: "int4", value: (r) => r.unresolvedToolErrorCount },
  { name: "firstErrorPosition", type: "float8", value: (r) => r.firstErrorPosition },
  { name: "stateMatch", type: "bool", value: (r) => r.stateMatch },
  { name: "replyCheck", type: "bool", value: (r) => r.replyCheck },
  { name: "success", type: "bool", value: (r) => r.success },
];

export const eventColumns: Column<EventRow>[] = [
  { name: "trajectoryId", type: "text", value: (r) => r.trajectoryId },
  { name: "seq", type: "int4", value: (r) => r.seq },
  { name: "turnIndex", type: "int4", value: (r) => r.turnIndex },
  { name: "sourceMessage", type: "int4", value: (r) => r.sourceMessage },
  { name: "kind", type: "text", value: (r) => r.kind },
  { name: "actor", type: "text", value: (r) => r.actor },
  { name: "toolName", type: "text", value: (r) => textOrNull(r.toolName) },
  { name: "callId", type: "text", value: (r) => textOrNull(r.callId) },
  { name: "arguments", type: "jsonb", value: (r) => jsonOrNull(r.arguments) },
  { name: "output", type: "jsonb", value: (r) => jsonOrNull(r.output) },
  { name: "isError", type: "bool", value: (r) => r.isError },
  { name: "errorInferred", type: "bool", value: (r) => r.errorInferred },
  { name: "text", type: "text", value: (r) => textOrNull(r.text) },
  { name: "timestamp", type: "timestamptz", value: (r) => r.timestamp },
  { name: "promptTokens", type: "int4", value: (r) => r.promptTokens },
  { name: "completionTokens", type: "int4", value: (r) => r.completionTokens },
  { name: "costUsd", type: "float8", value: (r) => r.costUsd },
];

const turnPredictionColumns: Column<TurnPredictionRow>[] = [
  { name: "id", type: "text", value: (r) => r.id },
  { name: "runId", type: "text", value: (r) => r.runId },
  { name: "taskId", type: "text", value: (r) => r.taskId },
  { name: "turnIndex", type: "int4", value: (r) => r.turnIndex },
  { name: "kind", type: "text", value: (r) => r.kind },
  { name: "reference", type: "jsonb", value: (r) => jsonOrNull(r.reference) },
  { name: "prediction", type: "jsonb", value: (r) => jsonOrNull(r.prediction) },
  { name: "judgeSuccess", type: "bool", value: (r) => r.judgeSuccess },
  { name: "judgeFailureCategory", type: "text", value: (r) => textOrNull(r.judgeFailureCategory) },
  { name: "judgeRationale", type: "text", value: (r) => textOrNull(r.judgeRationale) },
  { name: "judgeName", type: "text", value: (r) => textOrNull(r.judgeName) },
  { name: "rouge1Precision", type: "float8", value: (r) => r.rouge1Precision },
  { name: "rouge1Recall", type: "float8", value: (r) => r.rouge1Recall },
  { name: "rouge1F1", type: "float8", value: (r) => r.rouge1F1 },
  { name: "exactMatch", type: "bool", value: (r) => r.exactMatch },
  { name: "argumentF1", type: "float8", value: (r) => r.argumentF1 },
];

export function trajectorySink(tx: IngestSession): RowSink<TrajectoryRow> {
  return tx.rowSink("Trajectory", trajectoryColumns);
}

/** Straight into the run's partition (created by createRunPartitions, whose default fills "runId"). */
export function eventSink(tx: IngestSession, runId: string): RowSink<EventRow> {
  return tx.rowSink(partitionName("Event", runId), eventColumns);
}

export function turnPredictionSink(tx: IngestSession, runId: string): RowSink<TurnPredictionRow> {
  return tx.rowSink(partitionName("TurnPrediction", runId), turnPredictionColumns);
}
