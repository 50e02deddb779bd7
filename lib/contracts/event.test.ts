import { describe, expect, expectTypeOf, it } from "vitest";
import { EventSchema, type BundleEvent } from "@/lib/bundles/schema/event";
import type { MetricEvent } from "@/lib/metrics/types";
import type { ToolErrorEvent } from "@/lib/metrics/resolve-tool-errors";
import type { TimelineEvent } from "@/lib/presenters/timeline-model";
import { EVENT_ACTORS, EVENT_KINDS, isEventKind, toStoredEvent, type EventActor, type EventKind } from "./event";

const payloads: Record<EventKind, Record<string, unknown>> = {
  user_message: { text: "hi" },
  agent_message: { text: "hello" },
  tool_call: { tool: "lookup" },
  tool_result: { output: "ok" },
  state_snapshot: { state: {} },
  system: { text: "policy" },
};

describe("the event registry", () => {
  it("is the bundle schema's kind list, each kind defaulting to its registered actor", () => {
    expectTypeOf<BundleEvent["kind"]>().toEqualTypeOf<EventKind>();
    expectTypeOf<BundleEvent["actor"]>().toEqualTypeOf<EventActor>();
    for (const [kind, { defaultActor }] of Object.entries(EVENT_KINDS)) {
      expect(EventSchema.parse({ kind, ...payloads[kind as EventKind] }).actor).toBe(defaultActor);
    }
    expect(EventSchema.safeParse({ kind: "tool_teleport", text: "?" }).success).toBe(false);
  });

  it("derives the metric, recovery and timeline event types from the stored event", () => {
    expectTypeOf<MetricEvent["kind"]>().toEqualTypeOf<EventKind>();
    expectTypeOf<ToolErrorEvent["actor"]>().toEqualTypeOf<EventActor>();
    expectTypeOf<TimelineEvent["kind"]>().toEqualTypeOf<EventKind>();
  });

  it("narrows a stored row and refuses a kind or actor outside the registry", () => {
    const row = { seq: 0, kind: "tool_call", actor: "user", toolName: "x" };
    expect(toStoredEvent(row)).toEqual(row);
    expect(() => toStoredEvent({ ...row, kind: "tool_teleport" })).toThrow(/unknown kind: "tool_teleport"/);
    expect(() => toStoredEvent({ ...row, actor: "tool" })).toThrow(/unknown actor: "tool"/);
    expect(isEventKind("toString")).toBe(false);
    expect(EVENT_ACTORS).toEqual(["agent", "user", "system"]);
  });
});
