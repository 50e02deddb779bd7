import { BUNDLE_SCHEMA_VERSION } from "@/lib/bundles/schema/common";
import type { DemoBundle, DemoEvent, DemoTrajectory } from "./types";

/**
 * The worked example of docs/bundle-format.md and docs/examples/small-bundle.*: a base and
 * an SFT run, two tasks, two trials each, and one gold-history prediction of each kind per run.
 */
const ORDER = { "W-2041": { status: "delivered", refunded_cents: 0 } };
const REFUNDED = { "W-2041": { status: "delivered", refunded_cents: 2500 } };

const ask: DemoEvent = { kind: "user_message", text: "The vase in order W-2041 arrived cracked. Please refund it." };
const lookup: DemoEvent = { kind: "tool_call", tool: "lookup_order", callId: "c1", arguments: { order_id: "W-2041" } };
const order: DemoEvent = {
  kind: "tool_result",
  tool: "lookup_order",
  callId: "c1",
  output: { status: "delivered", vase_cents: 2500, total_cents: 9950 },
};
const refund = (callId: string, cents: number): DemoEvent => ({
  kind: "tool_call",
  tool: "refund_payment",
  callId,
  arguments: { order_id: "W-2041", amount_cents: cents },
});
const refunded = (callId: string, cents: number): DemoEvent => ({
  kind: "tool_result",
  tool: "refund_payment",
  callId,
  output: { refund_id: "R-7041", amount_cents: cents },
});
const question: DemoEvent = { kind: "user_message", text: "How long does a refund take to reach my card?" };
const answer: DemoEvent = { kind: "agent_message", text: "Refunds reach your card within 5-7 business days." };

const judge = (goalCompleted: boolean, extra: Partial<NonNullable<DemoTrajectory["judge"]>> = {}) => ({
  name: "gemini-2.5-pro@2025-06",
  goalCompleted,
  errorSource: goalCompleted ? ("none" as const) : ("agent" as const),
  ...extra,
});

const TRAJECTORIES: DemoTrajectory[] = [
  {
    run: "qwen3-4b-base",
    task: "refund-vase",
    trial: 1,
    stopReason: "finished",
    finalState: { orders: REFUNDED },
    judge: judge(true),
    usage: { prompt: 5210, completion: 96 },
    costUsd: 0.00028,
    events: [
      { ...ask, timestamp: "2025-06-16T09:00:00Z" },
      lookup,
      { kind: "tool_result", tool: "lookup_order", callId: "c1", output: { error: "upstream timeout" }, error: true },
      { ...lookup, callId: "c2" },
      { ...order, callId: "c2" },
      refund("c3", 2500),
      refunded("c3", 2500),
      {
        kind: "agent_message",
        text: "Done: I refunded $25.00 (refund R-7041).",
        timestamp: "2025-06-16T09:00:12Z",
        usage: { prompt: 1480, completion: 14 },
      },
    ],
  },
  {
    run: "qwen3-4b-base",
    task: "refund-vase",
    trial: 2,
    stopReason: "finished",
    finalState: { orders: { "W-2041": { status: "delivered", refunded_cents: 9950 } } },
    judge: judge(false, {
      failureCategory: "wrong_arguments",
      rationale: "Refunded the whole order instead of the vase.",
    }),
    turnLabels: [{ turn: 0, success: false, errorSource: "agent", failureCategory: "wrong_arguments" }],
    events: [
      ask,
      lookup,
      order,
      refund("c2", 9950),
      refunded("c2", 9950),
      { kind: "agent_message", text: "Done: I refunded $99.50 (refund R-7041)." },
    ],
  },
  {
    run: "qwen3-4b-base",
    task: "refund-time",
    trial: 1,
    stopReason: "finished",
    finalState: { orders: ORDER },
    judge: judge(true),
    events: [question, answer],
  },
  {
    run: "qwen3-4b-base",
    task: "refund-time",
    trial: 2,
    stopReason: "finished",
    finalState: { orders: ORDER },
    judge: judge(false, { failureCategory: "wrong_information" }),
    events: [question, { kind: "agent_message", text: "Refunds are instant." }],
  },
  {
    run: "qwen3-4b-sft",
    task: "refund-vase",
    trial: 1,
    stopReason: "too_many_errors",
    finalState: { orders: ORDER },
    judge: judge(false, { failureCategory: "tool_error", rationale: "Sent the amount in dollars twice." }),
    events: [
      ask,
      lookup,
      order,
      {
        kind: "tool_call",
        tool: "refund_payment",
        callId: "c2",
        arguments: { order_id: "W-2041", amount_cents: "25.00" },
      },
      {
        kind: "tool_result",
        tool: "refund_payment",
        callId: "c2",
        output: "amount_cents must be an integer",
        error: true,
      },
      {
        kind: "tool_call",
        tool: "refund_payment",
        callId: "c3",
        arguments: { order_id: "W-2041", amount_cents: "25.00" },
      },
      {
        kind: "tool_result",
        tool: "refund_payment",
        callId: "c3",
        output: "amount_cents must be an integer",
        error: true,
      },
    ],
  },
  {
    run: "qwen3-4b-sft",
    task: "refund-vase",
    trial: 2,
    stopReason: "finished",
    finalState: { orders: REFUNDED },
    finalReply: "Done: I refunded $25.00 for the vase (refund R-7041).",
    reward: 1,
    rewardBreakdown: { state: 1, reply: 1 },
    judge: judge(true),
    durationMs: 14200,
    events: [
      ask,
      lookup,
      order,
      refund("c2", 2500),
      refunded("c2", 2500),
      { kind: "state_snapshot", state: { orders: REFUNDED } },
      { kind: "agent_message", text: "Done: I refunded $25.00 for the vase (refund R-7041)." },
    ],
  },
  {
    run: "qwen3-4b-sft",
    task: "refund-time",
    trial: 1,
    stopReason: "finished",
    finalState: { orders: ORDER },
    judge: judge(true),
    events: [question, answer],
  },
  {
    run: "qwen3-4b-sft",
    task: "refund-time",
    trial: 2,
    stopReason: "user_stop",
    finalState: { orders: ORDER },
    judge: judge(true),
    events: [question, answer, { kind: "user_message", text: "Thanks, bye!" }],
  },
];

export function smallExampleBundle(): DemoBundle {
  return {
    schemaVersion: BUNDLE_SCHEMA_VERSION,
    suite: {
      name: "acme-mini",
      version: "1",
      domain: "customer-support",
      policy: "Refund only the affected item of a delivered order. Refunds reach the card within 5-7 business days.",
      tools: [
        {
          name: "lookup_order",
          access: "read",
          parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
        },
        {
          name: "refund_payment",
          access: "write",
          description: "Refund part of an order to the original payment method.",
          parameters: {
            type: "object",
            properties: { order_id: { type: "string" }, amount_cents: { type: "integer" } },
            required: ["order_id", "amount_cents"],
          },
        },
      ],
    },
    tasks: [
      {
        id: "refund-vase",
        goal: "Get the $25.00 cracked vase of order W-2041 refunded.",
        userFacts: { order_id: "W-2041" },
        initialState: { orders: ORDER },
        expectedFinalState: { orders: REFUNDED },
        requiredReplyInfo: ["$25.00"],
        expectedBehavior: "Look up the order, refund only the vase, tell the amount.",
        expectedActions: [{ name: "refund_payment", arguments: { order_id: "W-2041", amount_cents: 2500 } }],
        persona: "power",
        tags: ["refund"],
        referenceConversation: [
          { role: "user", text: "The vase in order W-2041 arrived cracked. Please refund it." },
          { role: "agent", toolCall: { name: "lookup_order", arguments: { order_id: "W-2041" } } },
          { role: "tool", toolOutput: { status: "delivered", vase_cents: 2500, total_cents: 9950 } },
          {
            role: "agent",
            toolCall: { name: "refund_payment", arguments: { order_id: "W-2041", amount_cents: 2500 } },
          },
          { role: "tool", toolOutput: { refund_id: "R-7041", amount_cents: 2500 } },
          { role: "agent", text: "Done: I refunded $25.00 for the vase (refund R-7041)." },
        ],
      },
      {
        id: "refund-time",
        goal: "Ask how long a refund takes.",
        initialState: { orders: ORDER },
        expectedFinalState: { orders: ORDER },
        requiredReplyInfo: ["5-7 business days"],
        requiresTools: false,
        persona: "power",
        tags: ["question", "no-tools"],
        referenceConversation: [
          { role: "user", text: "How long does a refund take to reach my card?" },
          { role: "agent", text: "Refunds reach your card within 5-7 business days." },
        ],
      },
    ],
    runs: [
      {
        id: "qwen3-4b-base",
        name: "Qwen3-4B base",
        model: { name: "qwen3-4b", family: "qwen3", size: "4B" },
        variant: "base",
        pairingKey: "qwen3-4b",
        judge: { name: "gemini-2.5-pro", version: "2025-06" },
      },
      {
        id: "qwen3-4b-sft",
        name: "Qwen3-4B SFT",
        model: { name: "qwen3-4b", family: "qwen3", size: "4B" },
        variant: "sft",
        pairingKey: "qwen3-4b",
        agent: { name: "acme-agent-harness", version: "0.3.1", config: { temperature: 0 } },
        userSimulator: { name: "gpt-4.1-mini", config: { temperature: 0.7 } },
        judge: { name: "gemini-2.5-pro", version: "2025-06" },
      },
    ],
    trajectories: TRAJECTORIES,
    turnPredictions: ["qwen3-4b-base", "qwen3-4b-sft"].flatMap((run) => {
      const sft = run.endsWith("sft");
      return [
        {
          run,
          task: "refund-vase",
          turn: 3,
          kind: "tool" as const,
          reference: { toolCall: { name: "refund_payment", arguments: { order_id: "W-2041", amount_cents: 2500 } } },
          prediction: {
            toolCall: { name: "refund_payment", arguments: { order_id: "W-2041", amount_cents: sft ? 2500 : 25 } },
          },
          judge: {
            name: "gemini-2.5-pro@2025-06",
            success: sft,
            ...(sft ? {} : { failureCategory: "wrong_arguments" }),
          },
        },
        {
          run,
          task: "refund-vase",
          turn: 5,
          kind: "text" as const,
          reference: { text: "Done: I refunded $25.00 for the vase (refund R-7041)." },
          prediction: {
            text: sft
              ? "Done: I refunded $25.00 for your vase (refund R-7041)."
              : "Thank you for contacting us! Your request has been processed.",
          },
          judge: { name: "gemini-2.5-pro@2025-06", success: sft },
        },
      ];
    }),
  };
}
