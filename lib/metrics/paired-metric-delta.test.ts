import { describe, expect, it } from "vitest";
import { bootstrapDistribution, bootstrapPercentileInterval, quantile, sampleStandardDeviation } from "./bootstrap";
import { groupDistinctRows, MULTINOMIAL_SHARE } from "./multinomial-resample";
import { computePairedMetricDelta, poolRatios, type PairedTaskRatios } from "./paired-metric-delta";

const r = (numerator: number, denominator: number) => ({ numerator, denominator });

describe("poolRatios", () => {
  it("divides summed numerators by summed denominators, null on an empty denominator or an undefined task", () => {
    // (1 + 0 + 2) / (2 + 1 + 2) = 3/5.
    expect(poolRatios([r(1, 2), r(0, 1), r(2, 2)])).toBeCloseTo(0.6, 12);
    expect(poolRatios([r(0, 0)])).toBeNull();
    expect(poolRatios([r(1, 1), null])).toBeNull();
    expect(poolRatios([])).toBeNull();
  });
});

describe("computePairedMetricDelta", () => {
  it("pools each side over the shared tasks", () => {
    const tasks: PairedTaskRatios[] = [
      { taskId: "t1", a: r(1, 2), b: r(2, 2) },
      { taskId: "t2", a: r(0, 1), b: r(1, 1) },
      { taskId: "t3", a: r(1, 1), b: r(0, 1) },
    ];
    const result = computePairedMetricDelta(tasks, { resamples: 200 });
    // A = (1 + 0 + 1) / 4 = 0.5; B = (2 + 1 + 0) / 4 = 0.75.
    expect(result).toMatchObject({ valueA: 0.5, valueB: 0.75, delta: 0.25, tasks: 3 });
  });

  it("gives a degenerate interval that excludes zero when every task shifts by the same amount", () => {
    const tasks = ["t1", "t2", "t3"].map((taskId) => ({ taskId, a: r(0, 1), b: r(1, 1) }));
    const result = computePairedMetricDelta(tasks);
    expect(result.interval).toEqual({ low: 1, high: 1 });
    expect(result.excludesZero).toBe(true);
  });

  it("spans the resampled deltas: two tasks with deltas 1 and 0 give [0, 1]", () => {
    // Resamples {t1,t1} -> 1, {t2,t2} -> 0, mixed -> 0.5; each extreme has probability 1/4, far above 2.5%.
    const tasks = [
      { taskId: "t1", a: r(0, 1), b: r(1, 1) },
      { taskId: "t2", a: r(1, 1), b: r(1, 1) },
    ];
    const result = computePairedMetricDelta(tasks);
    expect(result.delta).toBe(0.5);
    expect(result.interval).toEqual({ low: 0, high: 1 });
    expect(result.excludesZero).toBe(false);
  });

  it("weights tasks by their denominators inside a resample (each run's own turn counts)", () => {
    // t1: A 1/2 turns right, B 2/2; t2: A 0/1, B 1/1. A = 1/3, B = 3/3: delta 2/3.
    // Resamples: {t1,t1} -> 1 - 2/4 = 0.5, {t2,t2} -> 1 - 0 = 1, mixed -> 1 - 1/3 = 2/3.
    const tasks = [
      { taskId: "t1", a: r(1, 2), b: r(2, 2) },
      { taskId: "t2", a: r(0, 1), b: r(1, 1) },
    ];
    const result = computePairedMetricDelta(tasks, { seed: 7 });
    expect(result.delta).toBeCloseTo(2 / 3, 12);
    expect(result.interval).toEqual({ low: 0.5, high: 1 });
    expect(result.excludesZero).toBe(true);
    expect(computePairedMetricDelta(tasks, { seed: 7 })).toEqual(result);
  });

  it("is null (never 0) when the metric is undefined on either side, and drops undefined resamples", () => {
    expect(computePairedMetricDelta([{ taskId: "t1", a: r(0, 0), b: r(1, 1) }])).toMatchObject({
      delta: null,
      valueA: null,
      valueB: 1,
      interval: null,
      excludesZero: false,
    });
    // t2 has no scored turn on the baseline: resamples drawing only t2 are undefined and dropped; the others give 1 - 0 = 1.
    const result = computePairedMetricDelta([
      { taskId: "t1", a: r(0, 1), b: r(1, 1) },
      { taskId: "t2", a: r(0, 0), b: r(1, 1) },
    ]);
    expect(result.delta).toBe(1);
    expect(result.interval).toEqual({ low: 1, high: 1 });
  });
});

describe("computePairedMetricDelta's typed-array bootstrap", () => {
  it("gives bit-identical intervals to the generic bootstrap over the task objects", () => {
    // Uneven denominators (some zero) so resamples with an empty side are dropped as the generic path drops them.
    const tasks: PairedTaskRatios[] = Array.from({ length: 37 }, (_, i) => ({
      taskId: `t${i}`,
      a: r((i * 7) % 5, i % 9 === 0 ? 0 : (i % 4) + 1),
      b: r((i * 3) % 4, i % 11 === 0 ? 0 : (i % 3) + 2),
    }));
    const pooledDelta = (sample: readonly PairedTaskRatios[]) => {
      const a = poolRatios(sample.map((task) => task.a));
      const b = poolRatios(sample.map((task) => task.b));
      return a === null || b === null ? null : b - a;
    };
    for (const [seed, resamples, level] of [
      [1, 10_000, 0.95],
      [42, 999, 0.9],
    ] as const) {
      const generic = bootstrapPercentileInterval(tasks, pooledDelta, { seed, resamples, level });
      const fast = computePairedMetricDelta(tasks, { seed, resamples, level }).interval;
      expect(generic).not.toBeNull();
      expect(fast).toEqual(generic);
    }
  });

  it("stays bit-identical when the draws are reused by the next metric and when they are too many to keep", () => {
    const pooledDelta = (sample: readonly PairedTaskRatios[]) => {
      const a = poolRatios(sample.map((task) => task.a));
      const b = poolRatios(sample.map((task) => task.b));
      return a === null || b === null ? null : b - a;
    };
    const makeTasks = (count: number, shift: number): PairedTaskRatios[] =>
      Array.from({ length: count }, (_, i) => ({
        taskId: `t${i}`,
        a: r((i * 7 + shift) % 5, (i % 4) + 1),
        b: r((i * 3 + shift) % 4, (i % 3) + 2),
      }));
    // Two metrics over the same 40 tasks (the second reuses the first's draws), then 450 tasks x 9,000 resamples.
    for (const [tasks, resamples] of [
      [makeTasks(40, 0), 2000],
      [makeTasks(40, 1), 2000],
      [makeTasks(450, 2), 9000],
    ] as const) {
      const generic = bootstrapPercentileInterval(tasks, pooledDelta, { seed: 3, resamples });
      expect(computePairedMetricDelta(tasks, { seed: 3, resamples }).interval).toEqual(generic);
    }
  });
});

describe("computePairedMetricDelta's multinomial bootstrap (few distinct tasks)", () => {
  const pooledDelta = (sample: readonly PairedTaskRatios[]) => {
    const a = poolRatios(sample.map((task) => task.a));
    const b = poolRatios(sample.map((task) => task.b));
    return a === null || b === null ? null : b - a;
  };

  it("matches the index bootstrap's distribution: interval ends within a fifth of an SE", () => {
    // 160 tasks of 4 trials each side: success counts give at most 25 distinct (a, b) pairs, under 160 / 8.
    const tasks: PairedTaskRatios[] = Array.from({ length: 160 }, (_, i) => ({
      taskId: `t${i}`,
      a: r((i * 7) % 5, 4),
      b: r(Math.min(4, ((i * 3) % 5) + (i % 3 === 0 ? 1 : 0)), 4),
    }));
    const options = { seed: 5, resamples: 20_000 };
    const values = bootstrapDistribution(tasks, pooledDelta, options).sort((x, y) => x - y);
    const se = sampleStandardDeviation(values) ?? Number.NaN;
    const fast = computePairedMetricDelta(tasks, options).interval;
    expect(fast).not.toBeNull();
    // The multinomial path, not the index path, drew these resamples.
    const groups = groupDistinctRows([
      Float64Array.from(tasks, (t) => t.a?.numerator ?? 0),
      Float64Array.from(tasks, (t) => t.b?.numerator ?? 0),
    ]);
    expect(groups.sizes.length * MULTINOMIAL_SHARE).toBeLessThanOrEqual(tasks.length);
    expect(Math.abs((fast?.low ?? 0) - (quantile(values, 0.025) ?? 0))).toBeLessThan(0.2 * se);
    expect(Math.abs((fast?.high ?? 0) - (quantile(values, 0.975) ?? 0))).toBeLessThan(0.2 * se);
  });

  it("weights groups by their denominators and drops resamples with an empty side, like the index bootstrap", () => {
    // 40 tasks in 3 groups; the (0, 0) baseline group makes resamples drawing only it undefined (probability 0.5^40).
    const tasks: PairedTaskRatios[] = Array.from({ length: 40 }, (_, i) => ({
      taskId: `t${i}`,
      a: i % 2 === 0 ? r(0, 0) : i % 4 === 1 ? r(1, 2) : r(2, 2),
      b: i % 2 === 0 ? r(1, 1) : r(2, 2),
    }));
    const options = { seed: 8, resamples: 20_000 };
    const values = bootstrapDistribution(tasks, pooledDelta, options).sort((x, y) => x - y);
    const se = sampleStandardDeviation(values) ?? Number.NaN;
    const fast = computePairedMetricDelta(tasks, options);
    expect(fast.delta).toBeCloseTo(1 - 3 / 4, 12);
    expect(Math.abs((fast.interval?.low ?? 0) - (quantile(values, 0.025) ?? 0))).toBeLessThan(0.2 * se);
    expect(Math.abs((fast.interval?.high ?? 0) - (quantile(values, 0.975) ?? 0))).toBeLessThan(0.2 * se);
    expect(computePairedMetricDelta(tasks, options)).toEqual(fast);
  });
});
