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
});
