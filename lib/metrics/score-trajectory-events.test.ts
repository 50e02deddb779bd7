import { describe, expect, it } from "vitest";
import { SEED_002_TRACES, traceToEvents } from "@/lib/testing/seed-002-outcomes";
import { checkRequiredReply, scoreTrajectoryEvents } from "./score-trajectory-events";
import type { MetricEvent } from "./types";

function event(seq: number, partial: Partial<MetricEvent>): MetricEvent {
  return {
    seq,
    turnIndex: 0,
    kind: "agent_message",
    actor: "agent",
    toolName: null,
    callId: null,
    isError: false,
    text: null,
    ...partial,
  };
}

function trace(index: number) {
  const t = SEED_002_TRACES[index];
  if (!t) throw new Error("missing fixture");
  return t;
}

describe("scoreTrajectoryEvents", () => {
  it("marks a later success of the same tool as recovery (seed 002 refund trial 2)", () => {
    // user, call, ERR, call, ok, call, ok, reply: 8 events, first error at index 2
    const score = scoreTrajectoryEvents(traceToEvents(trace(1)));
    expect(score).toMatchObject({
      toolErrorCount: 1,
      unresolvedToolErrorCount: 0,
      firstErrorPosition: 2 / 8,
      userTurns: 1,
      toolCallCount: 3,
      agentToolCallCount: 3,
    });
  });

  it("leaves repeated failures unresolved (seed 002 address trial 2)", () => {
    const score = scoreTrajectoryEvents(traceToEvents(trace(4)));
    expect(score).toMatchObject({ toolErrorCount: 2, unresolvedToolErrorCount: 2, firstErrorPosition: 2 / 6 });
  });

  it("recovers the tool name of a result from its call id", () => {
    const events = [
      event(0, { kind: "tool_call", toolName: "lookup", callId: "a" }),
      event(1, { kind: "tool_result", callId: "a", isError: true }),
      event(2, { kind: "tool_call", toolName: "lookup", callId: "b" }),
      event(3, { kind: "tool_result", callId: "b" }),
    ];
    expect(scoreTrajectoryEvents(events).unresolvedToolErrorCount).toBe(0);
  });

  it("does not let another tool or another actor resolve an error", () => {
    const events = [
      event(0, { kind: "tool_call", toolName: "lookup", callId: "a" }),
      event(1, { kind: "tool_result", toolName: "lookup", callId: "a", isError: true }),
      event(2, { kind: "tool_call", toolName: "refund", callId: "b" }),
      event(3, { kind: "tool_result", toolName: "refund", callId: "b" }),
      event(4, { kind: "tool_call", toolName: "lookup", callId: "c", actor: "user" }),
      event(5, { kind: "tool_result", toolName: "lookup", callId: "c", actor: "system" }),
    ];
    const score = scoreTrajectoryEvents(events);
    expect(score.unresolvedToolErrorCount).toBe(1);
    expect(score.toolCallCount).toBe(3);
    expect(score.agentToolCallCount).toBe(2);
  });

  it("does not count an earlier success as resolving a later error", () => {
    const events = [
      event(0, { kind: "tool_result", toolName: "x" }),
      event(1, { kind: "tool_result", toolName: "x", isError: true }),
    ];
    expect(scoreTrajectoryEvents(events).unresolvedToolErrorCount).toBe(1);
  });

  it("takes the earlier of the first tool error and the first flagged-turn event", () => {
    const events = [
      event(0, { kind: "user_message", actor: "user", turnIndex: 0 }),
      event(1, { turnIndex: 0 }),
      event(2, { kind: "user_message", actor: "user", turnIndex: 1 }),
      event(3, { kind: "tool_result", toolName: "x", isError: true, turnIndex: 1 }),
    ];
    expect(scoreTrajectoryEvents(events, { flaggedTurns: [1] }).firstErrorPosition).toBe(0.5);
    expect(scoreTrajectoryEvents(events).firstErrorPosition).toBe(0.75);
    expect(scoreTrajectoryEvents(events, { flaggedTurns: [0] }).firstErrorPosition).toBe(0);
    expect(scoreTrajectoryEvents(events).userTurns).toBe(2);
  });

  it("orders events by seq before scoring", () => {
    const events = [
      event(3, { kind: "tool_result", toolName: "x", isError: true }),
      event(1, {}),
      event(2, {}),
      event(0, {}),
    ];
    expect(scoreTrajectoryEvents(events).firstErrorPosition).toBe(0.75);
  });

  it("handles an empty trajectory", () => {
    expect(scoreTrajectoryEvents([])).toEqual({
      stateMatch: null,
      replyCheck: null,
      toolErrorCount: 0,
      unresolvedToolErrorCount: 0,
      firstErrorPosition: null,
      userTurns: 0,
      toolCallCount: 0,
      agentToolCallCount: 0,
    });
  });

  it("compares the final state deeply, null without an expected state", () => {
    const expected = { refund_cents: 2500, status: "refunded" };
    expect(
      scoreTrajectoryEvents([], {
        expectedFinalState: expected,
        finalState: { status: "refunded", refund_cents: 2500.0 },
      }).stateMatch,
    ).toBe(true);
    expect(
      scoreTrajectoryEvents([], { expectedFinalState: expected, finalState: { refund_cents: 0, status: "paid" } })
        .stateMatch,
    ).toBe(false);
    expect(scoreTrajectoryEvents([], { expectedFinalState: expected }).stateMatch).toBe(false);
    expect(scoreTrajectoryEvents([], { expectedFinalState: null, finalState: expected }).stateMatch).toBeNull();
  });
});

describe("checkRequiredReply", () => {
  it("requires every string, case-sensitively", () => {
    expect(checkRequiredReply(["2500 cents"], "Refunded 2500 cents.")).toBe(true);
    expect(checkRequiredReply(["2500 cents"], "Refunded 2500 Cents.")).toBe(false);
    expect(checkRequiredReply(["2500", "A-104"], "Refunded 2500 cents.")).toBe(false);
  });

  it("is null when nothing is required and false when the reply is missing", () => {
    expect(checkRequiredReply([], "anything")).toBeNull();
    expect(checkRequiredReply(null, "anything")).toBeNull();
    expect(checkRequiredReply(["x"], null)).toBe(false);
  });
});
