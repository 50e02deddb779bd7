import { describe, expect, it } from "vitest";
import { guardComparison, type GuardRun } from "./compare-guard";

function run(overrides: Partial<GuardRun> & { id: string }): GuardRun {
  return {
    name: overrides.id,
    suiteId: "air",
    suite: "tau2/airline",
    userMode: "default",
    userSimulator: "user_simulator",
    judge: null,
    policyVariant: null,
    taskSetVersion: 1,
    pairedRunIds: [],
    variant: "base",
    ...overrides,
  };
}

describe("guardComparison", () => {
  it("lets runs of one suite and setting through without remarks", () => {
    expect(guardComparison([run({ id: "a" }), run({ id: "b", variant: "sft" })])).toEqual({
      crossSuite: false,
      suites: ["tau2/airline"],
      differences: [],
      pairLinks: [],
    });
  });

  it("flags runs of different suites and links each suite's pairs", () => {
    const guard = guardComparison([
      run({ id: "base-air", pairedRunIds: ["sft-air"] }),
      run({ id: "sft-ret", suiteId: "ret", suite: "tau2/retail", variant: "sft", pairedRunIds: ["base-ret"] }),
    ]);
    expect(guard.crossSuite).toBe(true);
    expect(guard.suites).toEqual(["tau2/airline", "tau2/retail"]);
    expect(guard.pairLinks).toEqual([
      { suite: "tau2/airline", label: "tau2/airline: pair of base-air", href: "/compare?runs=base-air,sft-air" },
      { suite: "tau2/retail", label: "tau2/retail: pair of sft-ret", href: "/compare?runs=base-ret,sft-ret" },
    ]);
  });

  it("lists every setting that differs", () => {
    const guard = guardComparison([
      run({ id: "a" }),
      run({
        id: "b",
        userMode: "no-user",
        userSimulator: "dummy_user",
        judge: "gpt-4o-judge 2",
        policyVariant: "v2",
        taskSetVersion: 2,
      }),
    ]);
    expect(guard.differences).toEqual([
      "User simulator: a: default (user_simulator); b: no-user (dummy_user)",
      "Judge: a: none; b: gpt-4o-judge 2",
      "Policy variant: a: the suite's first policy; b: v2",
      "Task-set version: a: 1; b: 2",
    ]);
  });
});
