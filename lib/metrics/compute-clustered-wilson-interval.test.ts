import { describe, expect, it } from "vitest";
import { clusteredWilsonInterval } from "./compute-clustered-wilson-interval";
import { wilsonInterval } from "./compute-wilson-interval";

describe("clusteredWilsonInterval", () => {
  it("treats 1 task x 20 successful trials as one observation", () => {
    const interval = clusteredWilsonInterval([{ successes: 20, trials: 20 }]);
    // Wilson(1, 1): centre (1 + 1.9208)/4.8416 = 0.603272, half (1.96/4.8416)·√(3.8416/4) = 0.396728
    expect(interval?.effectiveN).toBe(1);
    expect(interval?.designEffect).toBe(20);
    expect(interval?.low).toBeCloseTo(0.206544, 5);
    expect(interval?.high).toBe(1);
    // The naive interval over 20 trials claims far more certainty.
    expect(wilsonInterval(20, 20)?.low).toBeCloseTo(0.83887, 5);
  });

  it("uses the design effect of the task clusters (hand-computed)", () => {
    // 4 tasks x 2 trials: 2/2, 1/2, 1/2, 0/2. N = 8, p = 0.5, residuals 1, 0, 0, -1.
    // clustered variance 4/3 · 2 / 64 = 1/24; binomial 0.25/8 = 1/32; deff 4/3; effective n 6.
    const interval = clusteredWilsonInterval([
      { successes: 2, trials: 2 },
      { successes: 1, trials: 2 },
      { successes: 1, trials: 2 },
      { successes: 0, trials: 2 },
    ]);
    expect(interval?.effectiveN).toBeCloseTo(6, 12);
    expect(interval?.designEffect).toBeCloseTo(4 / 3, 12);
    // Wilson(3, 6) = [0.1876128, 0.8123872]
    expect(interval?.low).toBeCloseTo(0.1876128, 6);
    expect(interval?.high).toBeCloseTo(0.8123872, 6);
  });

  it("keeps at least one observation per task when trials agree perfectly within tasks", () => {
    // 2 tasks x 2 trials, 2/2 and 0/2: deff 4 gives n 1, clamped up to m = 2 -> Wilson(1, 2).
    const interval = clusteredWilsonInterval([
      { successes: 2, trials: 2 },
      { successes: 0, trials: 2 },
    ]);
    expect(interval?.effectiveN).toBe(2);
    const expected = wilsonInterval(1, 2);
    expect(interval?.low).toBeCloseTo(expected?.low ?? Number.NaN, 12);
    expect(interval?.high).toBeCloseTo(expected?.high ?? Number.NaN, 12);
  });

  it("never exceeds the trial count when trials disagree more than independent ones would", () => {
    // Every task 1/2: residuals all 0, no between-task variance -> effective n = N = 6, plain Wilson(3, 6).
    const interval = clusteredWilsonInterval([
      { successes: 1, trials: 2 },
      { successes: 1, trials: 2 },
      { successes: 1, trials: 2 },
    ]);
    expect(interval?.effectiveN).toBe(6);
    expect(interval?.low).toBeCloseTo(0.1876128, 6);
  });

  it("one trial per task is the plain Wilson interval", () => {
    const clusters = [1, 0, 1, 1, 0, 1, 1, 0, 1, 1].map((s) => ({ successes: s, trials: 1 }));
    // p = 0.7, residuals 7 x 0.3 and 3 x -0.7: Σ² = 2.1; clustered 10/9 · 2.1/100 = 0.02333, binomial 0.021 -> n 9, clamped up to m = 10.
    const interval = clusteredWilsonInterval(clusters);
    expect(interval?.effectiveN).toBe(10);
    expect(interval?.low).toBeCloseTo(wilsonInterval(7, 10)?.low ?? Number.NaN, 12);
  });

  it("uses the task count when every trial has the same outcome, and is null without trials", () => {
    const allFail = clusteredWilsonInterval([
      { successes: 0, trials: 5 },
      { successes: 0, trials: 5 },
    ]);
    expect(allFail?.effectiveN).toBe(2);
    expect(allFail?.low).toBe(0);
    expect(allFail?.high).toBeCloseTo(wilsonInterval(0, 2)?.high ?? Number.NaN, 12);
    expect(clusteredWilsonInterval([])).toBeNull();
    expect(clusteredWilsonInterval([{ successes: 0, trials: 0 }])).toBeNull();
  });
});
