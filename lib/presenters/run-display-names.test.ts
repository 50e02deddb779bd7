import { describe, expect, it } from "vitest";
import { buildDisplayNames, type DisplayNameInput } from "./run-display-names";

function run(overrides: Partial<DisplayNameInput> & { id: string }): DisplayNameInput {
  return {
    name: "grok-3 on tau2/airline",
    nameIsCustom: false,
    model: "grok-3",
    suite: "tau2/airline",
    setting: "",
    tasks: 4,
    minTrials: 4,
    maxTrials: 4,
    date: "2025-10-13T11:40:16.379Z",
    ...overrides,
  };
}

describe("buildDisplayNames", () => {
  it("keeps the plain name when nothing collides and lets a set name win", () => {
    const names = buildDisplayNames([
      run({ id: "a" }),
      run({ id: "b", model: "gpt-4o", name: "My baseline", nameIsCustom: true }),
    ]);
    expect([...names.values()]).toEqual(["grok-3 on tau2/airline", "My baseline"]);
  });

  it("adds only what differs among colliding runs: setting, tasks x trials, then the date", () => {
    const names = buildDisplayNames([
      run({ id: "a" }),
      run({ id: "b", setting: "policy v2" }),
      run({ id: "c", maxTrials: 8, minTrials: 8 }),
      run({ id: "d", date: "2025-10-14T09:00:00Z" }),
      run({ id: "e", date: "2025-10-14T10:30:00Z" }),
      run({ id: "f", model: "gpt-4o" }),
    ]);
    expect(Object.fromEntries(names)).toEqual({
      a: "grok-3 on tau2/airline, 4 tasks x 4 trials, 2025-10-13 11:40",
      b: "grok-3 on tau2/airline (policy v2)",
      c: "grok-3 on tau2/airline, 4 tasks x 8 trials",
      d: "grok-3 on tau2/airline, 4 tasks x 4 trials, 2025-10-14 09:00",
      e: "grok-3 on tau2/airline, 4 tasks x 4 trials, 2025-10-14 10:30",
      f: "gpt-4o on tau2/airline",
    });
  });

  it("falls back to a short id suffix and is always unique", () => {
    const names = buildDisplayNames([
      run({ id: "3f2a1c9e-aaaa" }),
      run({ id: "3f2a1c9e-bbbb" }),
      run({ id: "77aa", name: "same", nameIsCustom: true }),
      run({ id: "88bb", name: "same", nameIsCustom: true }),
    ]);
    expect(names.get("3f2a1c9e-aaaa")).toBe("grok-3 on tau2/airline #3f2a1c9e-a");
    expect(names.get("3f2a1c9e-bbbb")).toBe("grok-3 on tau2/airline #3f2a1c9e-b");
    expect(names.get("77aa")).toBe("same #77aa");
    expect(new Set(names.values()).size).toBe(4);
  });
});
