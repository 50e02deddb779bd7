import {
  makeBundle,
  makeEvents,
  makeRun,
  makeTask,
  makeTrajectory,
  uniqueId,
  type BundleInput,
  type EventInput,
} from "@/lib/testing/factories";

export const XSS_SCRIPT = "<script>alert(1)</script>";
export const XSS_IMG = "<img src=x onerror=alert(1)>";

/** Two paired runs (base: 3 tasks x 3 trials; sft: 1 task x 2) with a failed call and its retry, a state mismatch, a reward breakdown, an inferred stop reason and script payloads. */
export function makeViewsBundle(): BundleInput {
  const suffix = uniqueId("views");
  const failedRetry: EventInput[] = [
    { kind: "user_message", text: "Please refund the duplicate charge on A-104." },
    { kind: "tool_call", tool: "refund", callId: "c1", arguments: { order_id: "A-104", cents: 2500 } },
    { kind: "tool_result", tool: "refund", callId: "c1", output: "Error: order locked", error: true },
    { kind: "agent_message", text: "The order is locked; trying again." },
    { kind: "user_message", text: "Please do." },
    { kind: "tool_call", tool: "refund", callId: "c2", arguments: { order_id: "A-104", cents: 2500 } },
    { kind: "tool_result", tool: "refund", callId: "c2", output: { status: "pending" } },
    { kind: "agent_message", text: "Your refund is pending." },
  ];
  const xssEvents: EventInput[] = [
    { kind: "user_message", text: `Hi ${XSS_SCRIPT} there` },
    { kind: "tool_call", tool: "lookup", callId: "x1", arguments: { query: XSS_IMG } },
    { kind: "tool_result", tool: "lookup", callId: "x1", output: { note: XSS_SCRIPT } },
    { kind: "agent_message", text: `Done ${XSS_IMG}` },
  ];
  return makeBundle({
    tasks: [
      makeTask({ persona: "polite" }),
      makeTask({
        id: "xss",
        goal: `Goal with ${XSS_SCRIPT}`,
        persona: "terse",
        expectedFinalState: { note: "ok" },
        requiredReplyInfo: ["Done"],
      }),
      makeTask({
        id: "status",
        goal: "Tell the user the order status.",
        persona: "terse",
        expectedFinalState: undefined,
        requiredReplyInfo: ["paid"],
      }),
    ],
    runs: [
      makeRun({
        id: "base",
        name: `views base ${suffix}`,
        pairingKey: `pair-${suffix}`,
        agent: { name: "tool-agent", version: "1.2" },
        userSimulator: { name: "sim-user", version: "0.9" },
        judge: { name: "judge-llm", version: "3" },
      }),
      makeRun({ id: "sft", name: `views sft ${suffix}`, variant: "sft", pairingKey: `pair-${suffix}` }),
    ],
    trajectories: [
      makeTrajectory({ trial: 1 }),
      makeTrajectory({
        trial: 2,
        events: failedRetry,
        finalState: { refund_cents: 2500, status: "pending", audit: { by: "agent" } },
        judge: {
          goalCompleted: false,
          errorSource: "agent",
          failureCategory: "wrong-state",
          rationale: "The refund was left pending.",
        },
        turnLabels: [{ turn: 1, success: false, rationale: "claimed success too early" }],
      }),
      makeTrajectory({
        trial: 3,
        reward: 1,
        rewardBreakdown: {
          db_check: { db_match: true, db_reward: 1 },
          communicate_checks: [{ info: "2500 cents", met: true }],
        },
      }),
      makeTrajectory({ task: "xss", trial: 1, events: xssEvents, finalState: { note: XSS_SCRIPT } }),
      makeTrajectory({ task: "xss", trial: 2, finalState: { note: "ok" }, finalReply: "Done." }),
      makeTrajectory({ task: "xss", trial: 3, finalState: { note: "ok" }, finalReply: "Done." }),
      makeTrajectory({
        task: "status",
        trial: 1,
        finalState: undefined,
        stopReason: "max_turns",
        stopReasonInferred: true,
        events: makeEvents().slice(0, 3),
      }),
      makeTrajectory({ task: "status", trial: 2, finalState: undefined, finalReply: "Order is paid." }),
      makeTrajectory({ task: "status", trial: 3, finalState: undefined, finalReply: "Order is refunded." }),
      makeTrajectory({ run: "sft", trial: 1 }),
      makeTrajectory({ run: "sft", trial: 2 }),
    ],
    turnPredictions: [],
  });
}

/** One trajectory with `eventCount` events in turns of four (user, call, result, agent). */
export function makeLongBundle(eventCount = 5000): BundleInput {
  const events: EventInput[] = [];
  for (let index = 0; events.length < eventCount; index += 1) {
    events.push({ kind: "user_message", text: `Question ${index}` });
    events.push({ kind: "tool_call", tool: "lookup", callId: `c${index}`, arguments: { page: index } });
    events.push({
      kind: "tool_result",
      tool: "lookup",
      callId: `c${index}`,
      output: { page: index, items: ["a", "b"] },
      error: index % 250 === 7,
    });
    events.push({ kind: "agent_message", text: `Answer ${index}` });
  }
  return makeBundle({
    runs: [makeRun({ id: "long", name: `long run ${uniqueId("long")}`, pairingKey: undefined })],
    trajectories: [makeTrajectory({ run: "long", events: events.slice(0, eventCount) })],
    turnPredictions: [],
  });
}
