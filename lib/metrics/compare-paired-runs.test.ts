import { describe, expect, it } from "vitest";
import { bootstrapDistribution, quantile, sampleStandardDeviation } from "./bootstrap";
import { comparePairedRuns, isMajorityPass, mcnemarExactP } from "./compare-paired-runs";

describe("isMajorityPass", () => {
  it("needs strictly more than half; a tie fails", () => {
    expect(isMajorityPass({ n: 4, c: 3 })).toBe(true);
    expect(isMajorityPass({ n: 4, c: 2 })).toBe(false);
    expect(isMajorityPass({ n: 1, c: 1 })).toBe(true);
    expect(isMajorityPass({ n: 0, c: 0 })).toBe(false);
  });
});

describe("mcnemarExactP", () => {
  it("matches the exact binomial test", () => {
    // 2 * (1 + 7) / 2^7
    expect(mcnemarExactP(1, 6)).toBeCloseTo(0.125, 12);
    expect(mcnemarExactP(0, 5)).toBeCloseTo(0.0625, 12);
    expect(mcnemarExactP(3, 3)).toBe(1);
    expect(mcnemarExactP(10, 25)).toBeCloseTo(0.01667384780012071, 10);
  });

  it("is 1 with no discordant pairs and stays finite for large counts", () => {
    expect(mcnemarExactP(0, 0)).toBe(1);
    expect(mcnemarExactP(500, 600)).toBeCloseTo(0.0028195449914364275, 8);
  });
});

describe("comparePairedRuns", () => {
  const input = [
    { taskId: "t1", a: { n: 4, c: 4 }, b: { n: 4, c: 4 } },
    { taskId: "t2", a: { n: 4, c: 0 }, b: { n: 4, c: 4 } },
    { taskId: "t3", a: { n: 4, c: 2 }, b: { n: 4, c: 3 } },
    { taskId: "t4", a: { n: 4, c: 3 }, b: { n: 4, c: 1 } },
    { taskId: "t5", a: { n: 4, c: 0 }, b: { n: 4, c: 0 } },
    { taskId: "t6", a: { n: 0, c: 0 }, b: { n: 4, c: 4 } },
  ];
  const result = comparePairedRuns(input);

  it("computes per-task and mean differences (b - a) over shared tasks", () => {
    expect(result.tasks.map((t) => t.difference)).toEqual([0, 1, 0.25, -0.5, 0]);
    expect(result.meanDifference).toBeCloseTo(0.15, 12);
    expect(result.skippedTasks).toBe(1);
  });

  it("counts majority transitions with ties as fails", () => {
    expect(result.transitions).toEqual({ bothPass: 1, onlyA: 1, onlyB: 2, bothFail: 1 });
    // 2 * (1 + 3) / 8 = 1
    expect(result.mcnemarP).toBe(1);
  });

  it("gives a bootstrap interval within the range of task differences", () => {
    expect(result.interval).not.toBeNull();
    expect(result.interval?.low).toBeGreaterThanOrEqual(-0.5);
    expect(result.interval?.high).toBeLessThanOrEqual(1);
    expect((result.interval?.low ?? 1) < 0.15 && (result.interval?.high ?? 0) > 0.15).toBe(true);
  });

  it("collapses the interval when every task moves by the same amount", () => {
    const same = comparePairedRuns([
      { taskId: "x", a: { n: 2, c: 0 }, b: { n: 2, c: 1 } },
      { taskId: "y", a: { n: 2, c: 1 }, b: { n: 2, c: 2 } },
    ]);
    expect(same.interval).toEqual({ low: 0.5, high: 0.5 });
  });

  it("handles no shared task", () => {
    const empty = comparePairedRuns([]);
    expect(empty.meanDifference).toBeNull();
    expect(empty.interval).toBeNull();
    expect(empty.mcnemarP).toBe(1);
  });
});

describe("comparePairedRuns' interval with few distinct differences", () => {
  it("matches the index bootstrap of the mean difference in distribution (multinomial over the differences)", () => {
    // 3 trials a side: differences take at most 7 values over 120 tasks.
    const input = Array.from({ length: 120 }, (_, i) => ({
      taskId: `t${i}`,
      a: { n: 3, c: (i * 5) % 4 },
      b: { n: 3, c: (i * 7 + (i % 5 === 0 ? 1 : 0)) % 4 },
    }));
    const options = { seed: 4, resamples: 20_000 };
    const result = comparePairedRuns(input, options);
    const differences = result.tasks.map((t) => t.difference);
    const mean = (sample: readonly number[]) => sample.reduce((sum, d) => sum + d, 0) / sample.length;
    const values = bootstrapDistribution(differences, mean, options).sort((x, y) => x - y);
    const se = sampleStandardDeviation(values) ?? Number.NaN;
    expect(Math.abs((result.interval?.low ?? 0) - (quantile(values, 0.025) ?? 0))).toBeLessThan(0.2 * se);
    expect(Math.abs((result.interval?.high ?? 0) - (quantile(values, 0.975) ?? 0))).toBeLessThan(0.2 * se);
    expect(comparePairedRuns(input, options).interval).toEqual(result.interval);
  });
});
