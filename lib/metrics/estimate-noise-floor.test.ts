import { describe, expect, it } from "vitest";
import { estimateNoiseFloor } from "./estimate-noise-floor";

describe("estimateNoiseFloor", () => {
  it("combines per-task Bernoulli variances and skips single-trial tasks", () => {
    const floor = estimateNoiseFloor([
      { n: 4, c: 2 },
      { n: 4, c: 4 },
      { n: 1, c: 1 },
    ]);
    // sqrt(0.25/3 + 0) / 2
    expect(floor.sd).toBeCloseTo(0.14433756729740643, 12);
    expect(floor.differenceSd).toBeCloseTo(0.2041241452319315, 12);
    expect(floor.tasks).toBe(2);
    expect(floor.skippedTasks).toBe(1);
    // plug-in bootstrap: sqrt(0.25/4) / 2 = 0.125
    expect(floor.bootstrapSd).toBeCloseTo(0.125, 2);
  });

  it("is zero when every task is deterministic", () => {
    const floor = estimateNoiseFloor([
      { n: 3, c: 3 },
      { n: 3, c: 0 },
    ]);
    expect(floor.sd).toBe(0);
    expect(floor.bootstrapSd).toBe(0);
  });

  it("is null without any multi-trial task", () => {
    expect(estimateNoiseFloor([{ n: 1, c: 0 }])).toEqual({
      sd: null,
      bootstrapSd: null,
      differenceSd: null,
      tasks: 0,
      skippedTasks: 1,
    });
  });

  it("draws many-trial tasks from their binomial: the bootstrap SD lands on the analytic one", () => {
    // 40 tasks x 100 trials at 30% and 40 tasks x 2,000 trials at 50% (drawn trial by trial).
    const perTask = [
      ...Array.from({ length: 40 }, (_, i) => ({ taskId: `a${i}`, n: 100, c: 30 })),
      ...Array.from({ length: 40 }, (_, i) => ({ taskId: `b${i}`, n: 2000, c: 1000 })),
    ];
    const floor = estimateNoiseFloor(perTask);
    // sqrt(40 * 0.21 / 99 + 40 * 0.25 / 1999) / 80 = 0.003747; the plug-in bootstrap is ~(n-1)/n of it.
    expect(floor.sd).toBeCloseTo(0.003747, 6);
    expect(floor.bootstrapSd).toBeGreaterThan(0.0034);
    expect(floor.bootstrapSd).toBeLessThan(0.004);
  });
});
