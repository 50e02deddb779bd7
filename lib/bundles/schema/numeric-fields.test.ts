import { describe, expect, it } from "vitest";
import { makeEvents, makeTrajectory } from "@/lib/testing/factories";
import { TrajectorySchema } from "./trajectory";

/**
 * The numbers of a Loopscope bundle and their rules (docs/security.md, "Numbers"): every one finite (zod 4's number
 * refuses ±Infinity and NaN, which a 1e400 in the file becomes), costs and durations at least 0, counts whole and
 * within int4. The reward may be any finite number: Inspect scorers use their own scales.
 */
const trajectory = (fields: Record<string, unknown>, eventFields: Record<string, unknown> = {}) => {
  const events = makeEvents().map((event, index) => (index === 0 ? { ...event, ...eventFields } : event));
  return { ...makeTrajectory({ events }), ...fields };
};

const refusedAt = (value: unknown) => {
  const parsed = TrajectorySchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."));
};

describe("bundle numbers", () => {
  it.each([
    ["costUsd", -0.01],
    ["agentCostUsd", -1],
    ["userCostUsd", Infinity],
    ["durationMs", -5],
    ["durationMs", Infinity],
    ["reward", Infinity],
    ["reward", Number.NaN],
    ["trial", 1.5],
    ["trial", -1],
  ])("refuses %s = %s at its path", (field, value) => {
    expect(refusedAt(trajectory({ [field]: value }))).toEqual([field]);
  });

  it.each([
    ["usage", { prompt: -1 }, "usage.prompt"],
    ["usage", { completion: 2.5 }, "usage.completion"],
    ["usage", { prompt: 2 ** 31 }, "usage.prompt"],
  ])("refuses trajectory %s %j", (field, value, path) => {
    expect(refusedAt(trajectory({ [field]: value }))).toEqual([path]);
  });

  it.each([
    [{ costUsd: -1 }, "events.0.costUsd"],
    [{ costUsd: Infinity }, "events.0.costUsd"],
    [{ usage: { prompt: 0.5 } }, "events.0.usage.prompt"],
    [{ turn: -1 }, "events.0.turn"],
  ])("refuses the event field %j", (fields, path) => {
    expect(refusedAt(trajectory({}, fields))).toEqual([path]);
  });

  it("accepts a reward on another scale, zero costs and a zero duration", () => {
    expect(refusedAt(trajectory({ reward: 7.5, costUsd: 0, durationMs: 0, usage: { prompt: 0 } }))).toEqual([]);
  });
});
