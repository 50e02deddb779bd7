import { NO_JUDGE_LABELS } from "@/lib/metrics/judge-labels";
import { scoreTrajectoryEvents } from "@/lib/metrics/score-trajectory-events";
import type { MetricEvent, TrajectoryOutcome } from "@/lib/metrics/types";

/**
 * Test fixture: the six authored traces of seed 002 ("Evaluate complete agent
 * decision workflows"), turned into events and scored through the same path
 * ingest uses. Expected: 3/6 successful, pass^1 0.5, pass^2 1/6, recovered
 * 1/2, turn-limit 1/6.
 */
const GOALS: Record<string, Record<string, unknown>> = {
  refund: { refund_cents: 2500, status: "refunded" },
  address: { address: "42 Pine St", status: "updated" },
};
const REQUIRED: Record<string, string> = { refund: "2500 cents", address: "42 Pine St" };

interface Trace {
  task: string;
  trial: number;
  events: [string, "ok" | "error"][];
  final: Record<string, unknown>;
  reply: string;
  stop: string;
}

export const SEED_002_TRACES: readonly Trace[] = [
  {
    task: "refund",
    trial: 1,
    events: [
      ["lookup", "ok"],
      ["refund", "ok"],
      ["respond", "ok"],
    ],
    final: { refund_cents: 2500, status: "refunded" },
    reply: "Refunded 2500 cents.",
    stop: "finished",
  },
  {
    task: "refund",
    trial: 2,
    events: [
      ["lookup", "error"],
      ["lookup", "ok"],
      ["refund", "ok"],
      ["respond", "ok"],
    ],
    final: { refund_cents: 2500, status: "refunded" },
    reply: "Refunded 2500 cents.",
    stop: "finished",
  },
  {
    task: "refund",
    trial: 3,
    events: [
      ["lookup", "ok"],
      ["respond", "ok"],
    ],
    final: { refund_cents: 0, status: "paid" },
    reply: "Refunded 2500 cents.",
    stop: "finished",
  },
  {
    task: "address",
    trial: 1,
    events: [
      ["lookup", "ok"],
      ["update", "ok"],
      ["respond", "ok"],
    ],
    final: { address: "42 Pine St", status: "updated" },
    reply: "Address updated to 42 Pine St.",
    stop: "finished",
  },
  {
    task: "address",
    trial: 2,
    events: [
      ["lookup", "error"],
      ["lookup", "error"],
      ["respond", "ok"],
    ],
    final: { address: "9 Oak St", status: "unchanged" },
    reply: "Could not complete the update.",
    stop: "turn_limit",
  },
  {
    task: "address",
    trial: 3,
    events: [
      ["lookup", "ok"],
      ["update", "ok"],
      ["respond", "ok"],
    ],
    final: { address: "24 Pine St", status: "updated" },
    reply: "Address updated to 24 Pine St.",
    stop: "finished",
  },
];

/** "respond" becomes an agent message; every other action a tool call followed by its result. */
export function traceToEvents(trace: Trace): MetricEvent[] {
  const events: MetricEvent[] = [
    {
      seq: 0,
      turnIndex: 0,
      kind: "user_message",
      actor: "user",
      toolName: null,
      callId: null,
      isError: false,
      text: "request",
    },
  ];
  trace.events.forEach(([action, result], i) => {
    const base = { turnIndex: 0, actor: "agent" as const, text: null };
    if (action === "respond") {
      events.push({
        ...base,
        seq: events.length,
        kind: "agent_message",
        toolName: null,
        callId: null,
        isError: false,
        text: trace.reply,
      });
      return;
    }
    const callId = `c${i}`;
    events.push({ ...base, seq: events.length, kind: "tool_call", toolName: action, callId, isError: false });
    events.push({
      ...base,
      seq: events.length,
      kind: "tool_result",
      toolName: action,
      callId,
      isError: result === "error",
    });
  });
  return events;
}

export function buildSeed002Outcomes(): TrajectoryOutcome[] {
  return SEED_002_TRACES.map((trace) => {
    const events = traceToEvents(trace);
    const score = scoreTrajectoryEvents(events, {
      expectedFinalState: GOALS[trace.task],
      finalState: trace.final,
      requiredReplyInfo: [REQUIRED[trace.task] ?? ""],
      finalReply: trace.reply,
    });
    return {
      trajectoryId: `${trace.task}-${trace.trial}`,
      taskId: trace.task,
      trial: trace.trial,
      stopReason: trace.stop,
      stopReasonInferred: false,
      reward: null,
      stateMatch: score.stateMatch,
      replyCheck: score.replyCheck,
      requiresTools: true,
      toolErrorCount: score.toolErrorCount,
      unresolvedToolErrorCount: score.unresolvedToolErrorCount,
      userTurns: score.userTurns,
      eventCount: events.length,
      firstErrorPosition: score.firstErrorPosition,
      persona: null,
      tags: [],
      judge: { ...NO_JUDGE_LABELS },
    };
  });
}
