import { BUNDLE_SCHEMA_VERSION } from "@/lib/bundles/schema/common";
import { uniqueId, type BundleInput, type EventInput } from "./factories";

type Step = [action: string, result: "ok" | "error"];

/** The six authored traces of seed 002 (score_traces.py), as one Loopscope bundle. */
const TRACES: {
  task: string;
  trial: number;
  steps: Step[];
  final: Record<string, string | number>;
  reply: string;
  stop: string;
}[] = [
  {
    task: "refund",
    trial: 1,
    steps: [
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
    steps: [
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
    steps: [
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
    steps: [
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
    steps: [
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
    steps: [
      ["lookup", "ok"],
      ["update", "ok"],
      ["respond", "ok"],
    ],
    final: { address: "24 Pine St", status: "updated" },
    reply: "Address updated to 24 Pine St.",
    stop: "finished",
  },
];

function eventsOf(steps: Step[], reply: string): EventInput[] {
  const events: EventInput[] = [{ kind: "user_message", text: "Please help." }];
  steps.forEach(([action, result], index) => {
    if (action === "respond") {
      events.push({ kind: "agent_message", text: reply });
      return;
    }
    const callId = `c${index}`;
    events.push({ kind: "tool_call", tool: action, callId, arguments: {} });
    events.push({
      kind: "tool_result",
      tool: action,
      callId,
      output: result === "ok" ? "ok" : "Temporary lookup failure",
      error: result === "error",
    });
  });
  return events;
}

export function makeSeed002Bundle(): BundleInput {
  return {
    schemaVersion: BUNDLE_SCHEMA_VERSION,
    suite: { name: uniqueId("seed-002"), version: "1", tools: [] },
    tasks: [
      {
        id: "refund",
        goal: "Refund the duplicate 2500-cent charge on order A-104.",
        expectedFinalState: { refund_cents: 2500, status: "refunded" },
        requiredReplyInfo: ["2500 cents"],
      },
      {
        id: "address",
        goal: "Update the address to 42 Pine St.",
        expectedFinalState: { address: "42 Pine St", status: "updated" },
        requiredReplyInfo: ["42 Pine St"],
      },
    ],
    runs: [{ id: "authored", model: { name: "authored-fixture" }, variant: "base" }],
    trajectories: TRACES.map((trace) => ({
      run: "authored",
      task: trace.task,
      trial: trace.trial,
      stopReason: trace.stop,
      finalState: trace.final,
      finalReply: trace.reply,
      events: eventsOf(trace.steps, trace.reply),
    })),
    turnPredictions: [],
  };
}
