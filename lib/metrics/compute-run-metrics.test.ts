import { describe, expect, it } from "vitest";
import { buildSeed002Outcomes } from "@/lib/testing/seed-002-outcomes";
import { computeRunMetrics } from "./compute-run-metrics";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";

const KEYS = [
  "trajectories",
  "tasks",
  "trialsPerTask",
  "meanReward",
  "successRate",
  "passHatK",
  "passAtK",
  "excluded",
  "stopReasons",
  "turnLimitRate",
  "recovery",
  "toolWorkflowCompletion",
  "holisticSuccess",
  "goldHistory",
  "proxyState",
  "strata",
  "errorPropagation",
];

describe("computeRunMetrics", () => {
  it("has exactly the documented keys", () => {
    expect(Object.keys(computeRunMetrics([], [])).sort()).toEqual([...KEYS].sort());
  });

  it("reproduces every seed 002 figure", () => {
    const metrics = computeRunMetrics(buildSeed002Outcomes(), []);
    expect(metrics.trajectories).toBe(6);
    expect(metrics.tasks).toBe(2);
    expect(metrics.trialsPerTask).toEqual({ min: 3, max: 3 });
    expect(metrics.meanReward).toBeNull();
    expect(metrics.successRate).toMatchObject({ value: 0.5, n: 6, successes: 3, effectiveN: 6 });
    expect(metrics.successRate.low).toBeCloseTo(0.1876128, 6);
    expect(metrics.successRate.high).toBeCloseTo(0.8123872, 6);
    expect(metrics.passHatK[1]).toBeCloseTo(0.5, 12);
    expect(metrics.passHatK[2]).toBeCloseTo(1 / 6, 12);
    expect(metrics.recovery).toEqual({ errorTrajectories: 2, recovered: 1, rate: 0.5 });
    expect(metrics.turnLimitRate).toEqual({ count: 1, n: 6, rate: 1 / 6 });
    // all but the turn-limit trace reach the end without unresolved errors
    expect(metrics.toolWorkflowCompletion).toEqual({ count: 5, eligible: 6, rate: 5 / 6 });
    expect(metrics.holisticSuccess).toEqual({ count: 0, eligible: 0, rate: null });
    expect(metrics.errorPropagation.withError).toEqual({ failures: 1, n: 2, rate: 0.5 });
    expect(metrics.errorPropagation.withoutError).toEqual({ failures: 2, n: 4, rate: 0.5 });
  });

  it("gives a task-cluster SE that is reproducible from the seed", () => {
    const runs = buildSeed002Outcomes();
    const a = computeRunMetrics(runs, [], { seed: 3, resamples: 200 });
    const b = computeRunMetrics(runs, [], { seed: 3, resamples: 200 });
    expect(a.successRate.se).toBe(b.successRate.se);
    // Task rates 2/3 and 1/3: resampling two tasks gives 1/3, 1/2 or 2/3 -> SE near sqrt(((1/6)^2)/2) ≈ 0.118
    expect(a.successRate.se).toBeCloseTo(0.118, 1);
  });

  it("gives a 1-task x 20-trial run the interval of one task", () => {
    const runs = Array.from({ length: 20 }, (_, trial) => createTestOutcome({ taskId: "only", trial, reward: 1 }));
    const metrics = computeRunMetrics(runs, []);
    expect(metrics.successRate).toMatchObject({ value: 1, n: 20, successes: 20, effectiveN: 1, se: null });
    // Wilson(1, 1), not Wilson(20, 20) = [83.9, 100]
    expect(metrics.successRate.low).toBeCloseTo(0.206543, 5);
    expect(metrics.successRate.high).toBe(1);
  });

  it("keeps infrastructure failures out of outcome metrics but in the counts", () => {
    const runs = [
      createTestOutcome({ taskId: "a", reward: 1 }),
      createTestOutcome({ taskId: "a", reward: 0.5 }),
      createTestOutcome({ taskId: "b", reward: 0, stopReason: "infrastructure_error" }),
      createTestOutcome({ taskId: "b", reward: null, stopReason: "user_stop" }),
    ];
    const metrics = computeRunMetrics(runs, []);
    expect(metrics.trajectories).toBe(4);
    expect(metrics.tasks).toBe(2);
    expect(metrics.trialsPerTask).toEqual({ min: 2, max: 2 });
    expect(metrics.meanReward).toBe(0.75);
    expect(metrics.excluded).toEqual({ infrastructure: 1, unknownOutcome: 1 });
    expect(metrics.successRate).toMatchObject({ value: 0.5, n: 2, se: null });
    expect(metrics.passHatK).toEqual({ 1: 0.5, 2: 0 });
    expect(metrics.stopReasons.map((s) => s.reason)).toEqual(["finished", "infrastructure_error", "user_stop"]);
  });

  it("returns nulls, not zeros, for an empty run", () => {
    const metrics = computeRunMetrics([], []);
    expect(metrics.trajectories).toBe(0);
    expect(metrics.trialsPerTask).toEqual({ min: null, max: null });
    expect(metrics.meanReward).toBeNull();
    expect(metrics.successRate).toEqual({
      value: null,
      se: null,
      low: null,
      high: null,
      effectiveN: null,
      n: 0,
      successes: 0,
    });
    expect(metrics.passHatK).toEqual({});
    expect(metrics.passAtK).toEqual({});
    expect(metrics.turnLimitRate.rate).toBeNull();
    expect(metrics.recovery.rate).toBeNull();
    expect(metrics.toolWorkflowCompletion.rate).toBeNull();
    expect(metrics.goldHistory.rouge1F1).toBeNull();
    expect(metrics.proxyState.goalCompletion).toEqual({ value: null, se: null, n: 0, count: 0 });
  });

  it("aggregates gold-history turns passed alongside", () => {
    const metrics = computeRunMetrics(
      [],
      [{ kind: "tool", rouge1F1: null, judgeSuccess: true, exactMatch: false, argumentF1: 0.5 }],
    );
    expect(metrics.goldHistory).toMatchObject({
      toolTurns: 1,
      exactCallAccuracy: 0,
      argumentF1: 0.5,
      toolTurnSuccess: 1,
      textTurnSuccess: null,
    });
  });
});
