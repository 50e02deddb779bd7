import { describe, expect, it } from "vitest";
import type { EventKind } from "@/lib/contracts/event";
import { alignSequences, alignTimelines, isSameStep, type AlignableEvent } from "./compare-timeline-alignment";

function event(seq: number, kind: EventKind, extra: Partial<AlignableEvent> = {}): AlignableEvent {
  // turnIndex is tau2's per-message counter here: alignment must not rely on it.
  return {
    seq,
    turnIndex: seq,
    kind,
    actor: kind === "user_message" ? "user" : "agent",
    toolName: null,
    callId: null,
    arguments: null,
    output: null,
    text: null,
    isError: false,
    errorInferred: false,
    ...extra,
  };
}

const user = (seq: number, text: string) => event(seq, "user_message", { text });
const call = (seq: number, toolName: string, args: object, callId = `c${seq}`) =>
  event(seq, "tool_call", { toolName, arguments: args, callId });
const result = (seq: number, callId: string, output: unknown, isError = false) =>
  event(seq, "tool_result", { callId, output, isError });
const reply = (seq: number, text: string) => event(seq, "agent_message", { text });

describe("alignTimelines", () => {
  it("marks no divergence for identical trajectories and shows each call's result beside it", () => {
    const events = [
      user(0, "refund A-104"),
      call(1, "lookup", { id: "A-104" }),
      result(2, "c1", { status: "paid" }),
      reply(3, "Done."),
    ];
    const aligned = alignTimelines(events, events);
    expect(aligned.rows.map((row) => [row.turnIndex, row.kind])).toEqual([
      [0, "user"],
      [0, "action"],
      [0, "action"],
    ]);
    expect(aligned.firstDivergence).toBeNull();
    expect(aligned.rows[1]?.a?.result).toMatchObject({ seq: 2, full: '{\n  "status": "paid"\n}', isError: false });
  });

  it("aligns by user turns even when one side takes more messages, and finds the first differing agent action", () => {
    const a = [
      user(0, "refund A-104"),
      call(1, "refund", { id: "A-104", cents: 2500 }),
      result(2, "c1", "ok"),
      reply(3, "Done."),
      user(4, "thanks"),
      reply(5, "Bye."),
    ];
    const b = [
      user(0, "I need a refund for A-104 please"),
      call(1, "lookup", { id: "A-104" }),
      result(2, "c1", "paid"),
      call(3, "refund", { cents: 2500, id: "A-104" }),
      result(4, "c3", "ok"),
      reply(5, "Done."),
      user(6, "thank you!"),
      reply(7, "Bye."),
    ];
    const aligned = alignTimelines(a, b);
    const shape = aligned.rows.map((row) => [
      row.turnIndex,
      row.kind,
      row.a?.seq ?? null,
      row.b?.seq ?? null,
      row.differs,
    ]);
    expect(shape).toEqual([
      [0, "user", 0, 0, true],
      [0, "action", null, 1, true],
      [0, "action", 1, 3, false],
      [0, "action", 3, 5, false],
      [1, "user", 4, 6, true],
      [1, "action", 5, 7, false],
    ]);
    // The reworded user message is not the divergence; the extra lookup is.
    expect(aligned.firstDivergence).toBe(1);
    expect(aligned.firstDivergenceTurn).toBe(0);
    expect(aligned.rows.filter((row) => row.isFirstDivergence)).toHaveLength(1);
  });

  it("reports no divergence when only the simulated user rewords", () => {
    const a = [user(0, "hi"), reply(1, "Hello!"), user(2, "cancel my order"), call(3, "cancel", { id: 1 })];
    const b = [
      user(0, "hello there"),
      reply(1, "Hello!"),
      user(2, "please cancel the order"),
      call(3, "cancel", { id: 1 }),
    ];
    expect(alignTimelines(a, b).firstDivergence).toBeNull();
  });

  it("keeps what precedes the first user message as turn 0", () => {
    const a = [reply(0, "Hi! How can I help?"), user(1, "x"), call(2, "lookup", { a: 1 })];
    const b = [reply(0, "Hi! How can I help?"), user(1, "x"), call(2, "lookup", { a: 2 })];
    const aligned = alignTimelines(a, b);
    expect(aligned.firstDivergenceTurn).toBe(1);
    expect(aligned.rows[aligned.firstDivergence ?? -1]?.a?.full).toBe('{"a":1}');
  });

  it("treats argument key order and whitespace as the same call, text changes as a different step", () => {
    expect(isSameStep(call(0, "lookup", { a: 1, b: " x" }), call(5, "lookup", { b: "x", a: 1.0 }))).toBe(true);
    expect(isSameStep(call(0, "lookup", { a: 1 }), call(0, "find", { a: 1 }))).toBe(false);
    expect(isSameStep(reply(0, "Done."), reply(0, "Done!"))).toBe(false);
  });
});

describe("alignSequences", () => {
  it("anchors on the longest common subsequence and pairs the unmatched runs between anchors", () => {
    const pairs = alignSequences(["a", "x", "b", "c"], ["a", "y", "z", "c"], (item) => item);
    expect(pairs).toEqual([
      ["a", "a"],
      ["x", "y"],
      ["b", "z"],
      ["c", "c"],
    ]);
    expect(alignSequences(["a"], ["b", "a", "c"], (item) => item)).toEqual([
      [null, "b"],
      ["a", "a"],
      [null, "c"],
    ]);
  });
});
