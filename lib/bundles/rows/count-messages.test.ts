import { describe, expect, it } from "vitest";
import type { BundleEvent } from "../schema/event";
import { countMessages } from "./prepare-trajectory";

describe("countMessages", () => {
  it("counts events that share a source message once and an event without one on its own", () => {
    const events: BundleEvent[] = [
      { kind: "user_message", actor: "user", text: "hi", message: 0 },
      { kind: "agent_message", actor: "agent", text: "checking", message: 1 },
      { kind: "tool_call", actor: "agent", tool: "lookup", arguments: {}, message: 1 },
      { kind: "tool_result", actor: "agent", tool: "lookup", output: "ok", error: false, errorInferred: false },
      { kind: "agent_message", actor: "agent", text: "done" },
    ];
    expect(countMessages(events)).toBe(4);
    expect(countMessages([])).toBe(0);
  });
});
