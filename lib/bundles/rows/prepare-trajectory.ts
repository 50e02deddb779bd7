import { computeStoredScores, scoringRulesFor, type MetricEvent, type ScoringRules } from "@/lib/metrics";
import type { BundleEvent } from "../schema/event";
import type { Task } from "../schema/task";
import type { Trajectory } from "../schema/trajectory";
import type { EventRow, TrajectoryRow } from "./types";

/**
 * Turn index of each event: the source's own when given, else the number of user
 * messages seen so far (events before the first user message belong to turn 0).
 */
export function deriveTurnIndices(events: readonly BundleEvent[]): number[] {
  let userMessages = 0;
  return events.map((event) => {
    if (event.kind === "user_message" && event.actor === "user") userMessages += 1;
    return event.turn ?? Math.max(0, userMessages - 1);
  });
}

function toolNameOf(event: BundleEvent, callNames: Map<string, string>): string | null {
  if (event.kind === "tool_call") return event.tool;
  if (event.kind === "tool_result") return event.tool ?? (event.callId ? (callNames.get(event.callId) ?? null) : null);
  return null;
}

function textOf(event: BundleEvent): string | null {
  return event.kind === "user_message" || event.kind === "agent_message" || event.kind === "system" ? event.text : null;
}

/** Distinct source messages: events sharing a `message` index are one message; an event without one is a message of its own. */
export function countMessages(events: readonly BundleEvent[]): number {
  const indices = new Set<number>();
  let unindexed = 0;
  for (const event of events) {
    if (event.message === undefined) unindexed += 1;
    else indices.add(event.message);
  }
  return indices.size + unindexed;
}

export function prepareEvents(trajectoryId: string, events: readonly BundleEvent[]): EventRow[] {
  const turns = deriveTurnIndices(events);
  const callNames = new Map<string, string>();
  for (const event of events) if (event.kind === "tool_call" && event.callId) callNames.set(event.callId, event.tool);
  return events.map((event, seq) => ({
    trajectoryId,
    seq,
    turnIndex: turns[seq] ?? 0,
    sourceMessage: event.message ?? null,
    kind: event.kind,
    actor: event.actor,
    toolName: toolNameOf(event, callNames),
    callId: event.kind === "tool_call" || event.kind === "tool_result" ? (event.callId ?? null) : null,
    arguments: event.kind === "tool_call" ? event.arguments : null,
    output: event.kind === "tool_result" ? event.output : event.kind === "state_snapshot" ? event.state : null,
    isError: event.kind === "tool_result" ? event.error : false,
    errorInferred: event.kind === "tool_result" ? event.errorInferred : false,
    text: textOf(event),
    timestamp: event.timestamp ?? null,
    promptTokens: event.usage?.prompt ?? null,
    completionTokens: event.usage?.completion ?? null,
    costUsd: event.costUsd ?? null,
  }));
}

export function toMetricEvents(
  rows: readonly Pick<EventRow, "seq" | "turnIndex" | "kind" | "actor" | "toolName" | "callId" | "isError" | "text">[],
): MetricEvent[] {
  return rows.map((row) => ({
    seq: row.seq,
    turnIndex: row.turnIndex,
    kind: row.kind as MetricEvent["kind"],
    actor: row.actor as MetricEvent["actor"],
    toolName: row.toolName,
    callId: row.callId,
    isError: row.isError,
    text: row.text,
  }));
}

function lastAgentText(events: readonly BundleEvent[]): string | null {
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index];
    if (event?.kind === "agent_message") return event.text;
  }
  return null;
}

export interface PreparedTrajectory {
  trajectory: TrajectoryRow;
  events: EventRow[];
}

/**
 * Maps one validated trajectory to rows, with the per-trajectory scores computed once here. `rules` follow the
 * bundle's source format (scoringRulesFor); without them a Loopscope bundle's rules apply.
 */
export function prepareTrajectory(input: {
  id: string;
  runId: string;
  taskId: string;
  task: Task;
  record: Trajectory;
  rules?: ScoringRules;
}): PreparedTrajectory {
  const { record, task } = input;
  const rules = input.rules ?? scoringRulesFor(null);
  const events = prepareEvents(input.id, record.events);
  const finalReply = record.finalReply ?? lastAgentText(record.events);
  const flaggedTurns = (record.turnLabels ?? []).filter((label) => label.success === false).map((label) => label.turn);
  const reward = record.reward ?? null;
  const score = computeStoredScores({
    events: toMetricEvents(events),
    requiredReplyInfo: task.requiredReplyInfo,
    expectedFinalState: task.expectedFinalState ?? null,
    finalState: record.finalState ?? null,
    finalReply,
    flaggedTurns,
    reward,
    stopReason: record.stopReason ?? null,
    rules,
  });
  const judge = record.judge;
  return {
    events,
    trajectory: {
      id: input.id,
      runId: input.runId,
      taskId: input.taskId,
      trial: record.trial,
      externalId: record.id ?? null,
      stopReason: record.stopReason ?? null,
      stopReasonInferred: record.stopReasonInferred,
      finalState: record.finalState ?? null,
      finalReply,
      finalReplyInferred: record.finalReply === undefined && finalReply !== null,
      reward,
      rewardBreakdown: record.rewardBreakdown ?? null,
      judgeGoalCompleted: judge?.goalCompleted ?? null,
      judgeErrorSource: judge?.errorSource ?? null,
      judgeToolHallucination: judge?.toolHallucination ?? null,
      judgeUserHallucination: judge?.userHallucination ?? null,
      judgePolicyViolation: judge?.policyViolation ?? null,
      judgeFailureCategory: judge?.failureCategory ?? null,
      judgeRationale: judge?.rationale ?? null,
      judgeName: judge?.name ?? null,
      judgeTurnLabels: record.turnLabels ?? null,
      costUsd: record.costUsd ?? null,
      agentCostUsd: record.agentCostUsd ?? null,
      userCostUsd: record.userCostUsd ?? null,
      promptTokens: record.usage?.prompt ?? null,
      completionTokens: record.usage?.completion ?? null,
      durationMs: record.durationMs ?? null,
      eventCount: events.length,
      messageCount: countMessages(record.events),
      ...score,
      toolErrorsInferred: events.some((event) => event.errorInferred),
    },
  };
}
