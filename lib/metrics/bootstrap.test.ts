import { describe, expect, it } from "vitest";
import {
  bootstrapDistribution,
  bootstrapPercentileInterval,
  bootstrapStandardError,
  clusterBootstrapShareStandardError,
  clusterBootstrapStandardError,
  groupIntoClusters,
  quantile,
  sampleStandardDeviation,
} from "./bootstrap";

const mean = (xs: readonly number[]) => (xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0) / xs.length);

describe("quantile and sampleStandardDeviation", () => {
  it("interpolates linearly between order statistics", () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([1, 2, 3, 4], 0)).toBe(1);
    expect(quantile([1, 2, 3, 4], 1)).toBe(4);
    expect(quantile([], 0.5)).toBeNull();
  });

  it("uses the n - 1 denominator", () => {
    expect(sampleStandardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(sampleStandardDeviation([1])).toBeNull();
  });
});

describe("bootstrap", () => {
  it("gives zero spread for constant data and null for no data", () => {
    expect(bootstrapStandardError([0.3, 0.3, 0.3], mean)).toBeCloseTo(0, 12);
    expect(bootstrapPercentileInterval([0.3, 0.3], mean)).toEqual({ low: 0.3, high: 0.3 });
    expect(bootstrapStandardError([], mean)).toBeNull();
    expect(bootstrapPercentileInterval([], mean)).toBeNull();
  });

  it("approximates the SE of a mean", () => {
    // SE of the mean of 0/1 data with p = 0.5, n = 20: sqrt(0.25 / 20) ≈ 0.112
    const data = Array.from({ length: 20 }, (_, i) => i % 2);
    expect(bootstrapStandardError(data, mean, { resamples: 4000 })).toBeCloseTo(0.112, 2);
  });

  it("is reproducible with a seed and honours the resample count", () => {
    const data = [1, 4, 2, 8, 5, 7];
    expect(bootstrapDistribution(data, mean, { seed: 9, resamples: 50 })).toEqual(
      bootstrapDistribution(data, mean, { seed: 9, resamples: 50 }),
    );
    expect(bootstrapDistribution(data, mean, { resamples: 37 })).toHaveLength(37);
    const interval = bootstrapPercentileInterval(data, mean, { level: 0.9 });
    expect(interval && interval.low < 4.5 && interval.high > 4.5).toBe(true);
  });

  it("drops resamples where the statistic is undefined", () => {
    const onlyWhenVaried = (s: readonly number[]) => (new Set(s).size > 1 ? 1 : null);
    const values = bootstrapDistribution([0, 1], onlyWhenVaried, { resamples: 1000 });
    expect(values.length).toBeGreaterThan(400);
    expect(values.length).toBeLessThan(600);
  });
});

describe("cluster bootstrap", () => {
  it("groups by first appearance", () => {
    expect(groupIntoClusters(["b1", "a1", "b2"], (s) => s.charAt(0))).toEqual([["b1", "b2"], ["a1"]]);
  });

  it("needs at least two clusters", () => {
    expect(clusterBootstrapStandardError([1, 0, 1], () => "one", mean)).toBeNull();
  });

  it("is zero when clusters are identical", () => {
    const items = [
      { task: "a", v: 1 },
      { task: "a", v: 0 },
      { task: "b", v: 0 },
      { task: "b", v: 1 },
    ];
    expect(
      clusterBootstrapStandardError(
        items,
        (i) => i.task,
        (s) => mean(s.map((i) => i.v)),
      ),
    ).toBe(0);
  });
});

describe("cluster bootstrap of a share on per-cluster counts", () => {
  // Uneven clusters (1 to 7 trials) in interleaved order, so first-appearance order and sizes both matter.
  const items = Array.from({ length: 90 }, (_, i) => ({ task: `t${(i * 7) % 13}`, hit: (i * 5) % 3 === 0 }));
  const share = (sample: readonly { hit: boolean }[]) =>
    sample.length === 0 ? null : sample.filter((i) => i.hit).length / sample.length;

  it("gives exactly the SE of flattening every resample", () => {
    for (const options of [{}, { seed: 7, resamples: 250 }]) {
      const flattened = clusterBootstrapStandardError(items, (i) => i.task, share, options);
      expect(flattened).not.toBeNull();
      expect(
        clusterBootstrapShareStandardError(
          items,
          (i) => i.task,
          (i) => i.hit,
          options,
        ),
      ).toBe(flattened);
    }
  });

  it("needs at least two clusters and is zero when every cluster has the same share", () => {
    expect(
      clusterBootstrapShareStandardError(
        [{ hit: true }],
        () => "one",
        (i) => i.hit,
      ),
    ).toBeNull();
    const even = ["a", "a", "b", "b"].map((task, i) => ({ task, hit: i % 2 === 0 }));
    expect(
      clusterBootstrapShareStandardError(
        even,
        (i) => i.task,
        (i) => i.hit,
      ),
    ).toBe(0);
  });
});
