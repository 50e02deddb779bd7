import { describe, expect, it } from "vitest";
import type { EventActor } from "@/lib/contracts/event";
import { resolveToolErrors, type ToolErrorEvent } from "./resolve-tool-errors";

function call(seq: number, toolName: string, callId: string, actor: EventActor = "agent"): ToolErrorEvent {
  return { seq, kind: "tool_call", actor, toolName, callId, isError: false };
}
function result(seq: number, callId: string, isError: boolean): ToolErrorEvent {
  return { seq, kind: "tool_result", actor: "agent", toolName: null, callId, isError };
}

describe("resolveToolErrors", () => {
  it("resolves an error by a later successful result of the same tool, not by a later call that fails again", () => {
    const resolutions = resolveToolErrors([
      call(0, "lookup", "a"),
      result(1, "a", true),
      call(2, "lookup", "b"),
      result(3, "b", true),
      call(4, "lookup", "c"),
      result(5, "c", false),
    ]);
    expect(resolutions).toEqual([
      { errorSeq: 1, toolName: "lookup", actor: "agent", resolvedAt: 5 },
      { errorSeq: 3, toolName: "lookup", actor: "agent", resolvedAt: 5 },
    ]);
  });

  it("leaves an error unresolved when the only later call of the tool failed too, or another actor or tool succeeded", () => {
    const resolutions = resolveToolErrors([
      call(0, "toggle", "a", "user"),
      result(1, "a", true),
      call(2, "toggle", "b", "agent"),
      result(3, "b", false),
      call(4, "reboot", "c", "user"),
      result(5, "c", false),
      call(6, "toggle", "d", "user"),
      result(7, "d", true),
    ]);
    expect(resolutions.map((r) => [r.errorSeq, r.actor, r.resolvedAt])).toEqual([
      [1, "user", null],
      [7, "user", null],
    ]);
  });
});
