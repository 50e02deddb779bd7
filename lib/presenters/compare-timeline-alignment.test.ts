import { describe, expect, it } from "vitest";
import { alignTimelines, isSameStep, toEventLine, type AlignableEvent } from "./compare-timeline-alignment";

function event(seq: number, turnIndex: number, kind: string, extra: Partial<AlignableEvent> = {}): AlignableEvent {
  return { seq, turnIndex, kind, actor: kind === "user_message" ? "user" : "agent", toolName: null, arguments: null, text: null, isError: false, errorInferred: false, ...extra };
}

const user = (seq: number, turn: number, text: string) => event(seq, turn, "user_message", { text });
const call = (seq: number, turn: number, toolName: string, args: object) => event(seq, turn, "tool_call", { toolName, arguments: args });
const result = (seq: number, turn: number, toolName: string, isError = false) => event(seq, turn, "tool_result", { toolName, isError });
const reply = (seq: number, turn: number, text: string) => event(seq, turn, "agent_message", { text });

describe("alignTimelines", () => {
  it("marks no divergence for identical trajectories", () => {
    const events = [user(0, 0, "refund A-104"), call(1, 0, "lookup", { id: "A-104" }), result(2, 0, "lookup"), reply(3, 0, "Done.")];
    const aligned = alignTimelines(events, events);
    expect(aligned.rows).toHaveLength(4);
    expect(aligned.firstDivergence).toBeNull();
    expect(aligned.rows.every((row) => !row.differs)).toBe(true);
  });

  it("finds the first differing tool argument and aligns later turns by turn index", () => {
    const a = [user(0, 0, "refund A-104"), call(1, 0, "refund", { id: "A-104", cents: 2500 }), result(2, 0, "refund"), reply(3, 0, "Done."), user(4, 1, "thanks")];
    // Candidate calls refund with other cents, then needs an extra turn-0 event, and keys in another order elsewhere.
    const b = [user(0, 0, "refund A-104"), call(1, 0, "refund", { cents: 250, id: "A-104" }), result(2, 0, "refund", true), call(3, 0, "refund", { id: "A-104", cents: 2500 }), result(4, 0, "refund"), reply(5, 0, "Done."), user(6, 1, "thanks")];
    const aligned = alignTimelines(a, b);
    // Turn 0: max(4, 6) = 6 rows; turn 1: 1 row.
    expect(aligned.rows.map((row) => [row.turnIndex, row.position])).toEqual([[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [1, 0]]);
    expect(aligned.firstDivergence).toBe(1);
    expect(aligned.firstDivergenceTurn).toBe(0);
    expect(aligned.rows.filter((row) => row.isFirstDivergence)).toHaveLength(1);
    expect(aligned.rows[4]).toMatchObject({ a: null, differs: true, isFirstDivergence: false });
    expect(aligned.rows[6]).toMatchObject({ differs: false });
    expect(aligned.rows[2]?.b).toMatchObject({ isError: true, kind: "tool_result", toolName: "refund" });
  });

  it("treats argument key order and whitespace as the same call, text changes as a divergence", () => {
    expect(isSameStep(call(0, 0, "lookup", { a: 1, b: " x" }), call(5, 0, "lookup", { b: "x", a: 1.0 }))).toBe(true);
    expect(isSameStep(call(0, 0, "lookup", { a: 1 }), call(0, 0, "find", { a: 1 }))).toBe(false);
    expect(isSameStep(reply(0, 0, "Done."), reply(0, 0, "Done!"))).toBe(false);
    expect(isSameStep(result(0, 0, "lookup"), result(0, 0, "lookup", true))).toBe(true);
  });

  it("marks a turn present on one side only as divergent", () => {
    const aligned = alignTimelines([user(0, 0, "hi")], [user(0, 0, "hi"), user(1, 1, "again")]);
    expect(aligned.firstDivergence).toBe(1);
    expect(aligned.rows[1]).toMatchObject({ a: null, turnIndex: 1 });
  });
});

describe("toEventLine", () => {
  it("shows canonical arguments of calls and shortens long text to one line", () => {
    expect(toEventLine(call(0, 0, "refund", { z: 1, a: "x" })).summary).toBe('{"a":"x","z":1}');
    const line = toEventLine(reply(0, 0, `line one\n${"y".repeat(200)}`));
    expect(line.summary).toHaveLength(120);
    expect(line.summary.startsWith("line one y")).toBe(true);
    expect(line.summary.endsWith("…")).toBe(true);
    expect(line.full).toContain("\n");
  });
});
