import { describe, expect, it } from "vitest";
import { scoreTrajectoryEvents, type MetricEvent } from "@/lib/metrics";
import type { StoredEvent } from "@/lib/contracts/event";
import { buildTimelineModel, parseTurnLabels } from "./timeline-model";

let seq = 0;
function event(overrides: Partial<StoredEvent> & { kind: string }): StoredEvent {
  const value: StoredEvent = {
    seq: seq,
    turnIndex: 0,
    actor: "agent",
    toolName: null,
    callId: null,
    arguments: null,
    output: null,
    isError: false,
    errorInferred: false,
    text: null,
    ...overrides,
  };
  seq += 1;
  return value;
}

function reset(): void {
  seq = 0;
}

describe("buildTimelineModel", () => {
  it("groups events by turn with a header row before each turn's events", () => {
    reset();
    const model = buildTimelineModel(
      [
        event({ kind: "user_message", actor: "user", text: "hi", turnIndex: 0 }),
        event({ kind: "agent_message", text: "hello", turnIndex: 0 }),
        event({ kind: "user_message", actor: "user", text: "refund", turnIndex: 1 }),
        event({
          kind: "tool_call",
          toolName: "refund",
          callId: "c1",
          arguments: { order: "A", cents: 5 },
          turnIndex: 1,
        }),
      ],
      null,
    );
    expect(model.turns.map((turn) => [turn.turnIndex, turn.events.length])).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(model.rows.map((row) => row.type)).toEqual(["turn", "event", "event", "turn", "event", "event"]);
    expect(model.turns[0]?.actors).toEqual(["user", "agent"]);
    expect(model.turns[1]?.events[1]?.body).toBe('{\n  "order": "A",\n  "cents": 5\n}');
    expect(model.firstErrorSeq).toBeNull();
  });

  it("links a retry to the failed call and marks the first error", () => {
    reset();
    const model = buildTimelineModel(
      [
        event({ kind: "user_message", actor: "user", text: "go" }),
        event({ kind: "tool_call", toolName: "lookup", callId: "a" }),
        event({ kind: "tool_result", toolName: null, callId: "a", isError: true, output: "Error: not found" }),
        event({ kind: "tool_call", toolName: "other", callId: "b" }),
        event({ kind: "tool_result", callId: "b", output: "ok" }),
        event({ kind: "tool_call", toolName: "lookup", callId: "c" }),
        event({ kind: "tool_result", callId: "c", output: "found" }),
      ],
      null,
    );
    const bySeq = new Map(model.turns.flatMap((turn) => turn.events).map((e) => [e.seq, e]));
    expect(bySeq.get(1)).toMatchObject({ failed: true, retriedAt: 5, unresolved: false });
    expect(bySeq.get(5)).toMatchObject({ retryOf: 1 });
    expect(bySeq.get(2)).toMatchObject({ resultOf: 1, toolName: "lookup", firstError: true, isError: true });
    expect(model.firstErrorSeq).toBe(2);
    expect(model.errorCount).toBe(1);
  });

  it("does not link a call by another actor or another tool; without a retry the failed call is unresolved", () => {
    reset();
    const model = buildTimelineModel(
      [
        event({ kind: "tool_call", toolName: "toggle", actor: "user" }),
        event({ kind: "tool_result", toolName: "toggle", actor: "user", isError: true, output: "no signal" }),
        event({ kind: "tool_call", toolName: "toggle", actor: "agent" }),
        event({ kind: "tool_call", toolName: "reboot", actor: "user" }),
      ],
      null,
    );
    const events = model.turns.flatMap((turn) => turn.events);
    expect(events[0]).toMatchObject({ failed: true, unresolved: true, retriedAt: null });
    expect(events[2]?.retryOf).toBeNull();
    expect(events[3]?.retryOf).toBeNull();
  });

  it("follows the recovery metric: a retry that fails again leaves the error unresolved, in the timeline and in the metric", () => {
    reset();
    const input = [
      event({ kind: "user_message", actor: "user", text: "go" }),
      event({ kind: "tool_call", toolName: "lookup", callId: "a" }),
      event({ kind: "tool_result", callId: "a", isError: true, output: "Error: timeout" }),
      event({ kind: "tool_call", toolName: "lookup", callId: "b" }),
      event({ kind: "tool_result", callId: "b", isError: true, output: "Error: timeout" }),
      event({ kind: "tool_call", toolName: "cancel", callId: "c" }),
      event({ kind: "tool_result", callId: "c", isError: true, output: "Error: denied" }),
      event({ kind: "tool_call", toolName: "cancel", callId: "d" }),
      event({ kind: "tool_result", callId: "d", output: "ok" }),
    ];
    const model = buildTimelineModel(input, null);
    const bySeq = new Map(model.turns.flatMap((turn) => turn.events).map((e) => [e.seq, e]));
    expect(bySeq.get(1)).toMatchObject({ failed: true, retriedAt: 3, unresolved: true, resolvedAt: null });
    expect(bySeq.get(3)).toMatchObject({ failed: true, retryOf: 1, unresolved: true });
    expect(bySeq.get(5)).toMatchObject({ failed: true, retriedAt: 7, unresolved: false, resolvedAt: 8 });
    const metricEvents: MetricEvent[] = input.map((e) => ({
      ...e,
      kind: e.kind as MetricEvent["kind"],
      actor: e.actor as MetricEvent["actor"],
    }));
    const unresolvedInTimeline = [...bySeq.values()].filter((e) => e.unresolved).length;
    expect(scoreTrajectoryEvents(metricEvents).unresolvedToolErrorCount).toBe(unresolvedInTimeline);
    expect(unresolvedInTimeline).toBe(2);
  });

  it("pairs results without call ids to the latest open call of the same tool", () => {
    reset();
    const model = buildTimelineModel(
      [
        event({ kind: "tool_call", toolName: "a" }),
        event({ kind: "tool_call", toolName: "b" }),
        event({ kind: "tool_result", toolName: "a", isError: true, errorInferred: true, output: "Error: x" }),
        event({ kind: "tool_result", toolName: "b", output: "ok" }),
      ],
      null,
    );
    const events = model.turns.flatMap((turn) => turn.events);
    expect(events[2]).toMatchObject({ resultOf: 0, errorInferred: true });
    expect(events[3]?.resultOf).toBe(1);
    expect(events[0]?.failed).toBe(true);
  });

  it("flags turns the judge marked unsuccessful, and the first error can come from a flagged turn", () => {
    reset();
    const model = buildTimelineModel(
      [
        event({ kind: "user_message", actor: "user", text: "a", turnIndex: 0 }),
        event({ kind: "agent_message", text: "b", turnIndex: 1 }),
        event({ kind: "tool_result", isError: true, output: "x", turnIndex: 2 }),
      ],
      [{ turn: 1, success: false, rationale: "wrong claim" }, { turn: 0, success: true }, { bogus: true }],
    );
    expect(model.flaggedTurns).toEqual([1]);
    expect(model.turns[1]).toMatchObject({ flagged: true });
    expect(model.turns[1]?.labels[0]?.rationale).toBe("wrong claim");
    expect(model.turns[0]?.flagged).toBe(false);
    expect(model.firstErrorSeq).toBe(1);
  });

  it("puts each review error on the first event of the message whose turn_idx it names", () => {
    reset();
    // tau2: every message carries its own turn_idx, kept as its events' turn; message 2 made two tool calls.
    const model = buildTimelineModel(
      [
        event({ kind: "agent_message", text: "Hi", turnIndex: 0 }),
        event({ kind: "user_message", actor: "user", text: "My zip is 12345", turnIndex: 1 }),
        event({ kind: "tool_call", toolName: "a", callId: "x", turnIndex: 2 }),
        event({ kind: "tool_call", toolName: "b", callId: "y", turnIndex: 2 }),
        event({ kind: "tool_result", callId: "x", output: "ok", turnIndex: 3 }),
      ],
      [
        {
          turn: 1,
          success: false,
          judge: "tau2 review",
          errorSource: "user",
          severity: "critical_hindered",
          tags: ["hallucination"],
        },
        {
          turn: 2,
          success: false,
          judge: "tau2 review",
          errorSource: "agent",
          severity: "minor",
          correctBehavior: "One call.",
        },
        { turn: 2, success: false, judge: "tau2 user-only review", errorSource: "user", severity: "minor" },
        { turn: 9, success: false, judge: "tau2 review", errorSource: "agent", severity: "critical" },
        { turn: 3, success: false, errorSource: "tool", rationale: "a bundle judge's turn verdict" },
      ],
    );
    const bySeq = new Map(model.turns.flatMap((turn) => turn.events).map((e) => [e.seq, e.judgeErrors]));
    expect(bySeq.get(1)?.map((error) => error.severity)).toEqual(["critical_hindered"]);
    expect(bySeq.get(2)?.map((error) => error.judge)).toEqual(["tau2 review", "tau2 user-only review"]);
    expect(bySeq.get(3)).toEqual([]);
    expect(bySeq.get(4)).toEqual([]);
    expect(model.unplacedJudgeErrors.map((error) => error.turn)).toEqual([9]);
    // A label of no named judge stays a turn verdict in the turn's header.
    expect(model.turns.find((turn) => turn.turnIndex === 3)?.labels.map((label) => label.rationale)).toEqual([
      "a bundle judge's turn verdict",
    ]);
    expect(model.turns.find((turn) => turn.turnIndex === 2)?.labels).toEqual([]);
    expect(model.flaggedTurns).toEqual([1, 2, 3, 9]);
    expect(model.firstErrorSeq).toBe(1);
  });

  it("sorts events by seq whatever the input order", () => {
    reset();
    const a = event({ kind: "user_message", text: "1" });
    const b = event({ kind: "agent_message", text: "2" });
    const model = buildTimelineModel([b, a], null);
    expect(model.turns[0]?.events.map((e) => e.text)).toEqual(["1", "2"]);
  });
});

describe("parseTurnLabels", () => {
  it("keeps well-formed labels only", () => {
    expect(parseTurnLabels("nope")).toEqual([]);
    expect(parseTurnLabels([{ turn: 2, success: false }, { turn: "x" }])).toEqual([{ turn: 2, success: false }]);
  });
});
