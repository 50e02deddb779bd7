import { describe, expect, it } from "vitest";
import { createSeededRandom } from "./create-seeded-random";
import { createMultinomialResampler, groupDistinctRows, resampleGroupMeans } from "./multinomial-resample";

describe("groupDistinctRows", () => {
  it("groups identical rows in order of first appearance and counts them", () => {
    const groups = groupDistinctRows([Float64Array.of(1, 0, 1, 0.5, 1), Float64Array.of(2, 2, 2, 1, 3)]);
    expect(groups.columns.map((column) => Array.from(column))).toEqual([
      [1, 0, 0.5, 1],
      [2, 2, 1, 3],
    ]);
    expect(Array.from(groups.sizes)).toEqual([2, 1, 1, 1]);
  });

  it("tells apart values that differ in the last bit", () => {
    const groups = groupDistinctRows([Float64Array.of(0.1 + 0.2, 0.3, 0.3)]);
    expect(Array.from(groups.sizes)).toEqual([1, 2]);
  });
});

describe("createMultinomialResampler", () => {
  it("draws n items in all, each group in proportion to its size", () => {
    const sizes = Int32Array.of(5, 1, 14, 0, 30);
    const draw = createMultinomialResampler(sizes, createSeededRandom(5));
    const counts = new Float64Array(sizes.length);
    const totals = new Float64Array(sizes.length);
    const resamples = 20_000;
    for (let r = 0; r < resamples; r += 1) {
      draw(counts);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(50);
      for (let g = 0; g < counts.length; g += 1) totals[g] = (totals[g] ?? 0) + (counts[g] ?? 0);
    }
    expect(totals[3]).toBe(0);
    // E[count_g] = size_g; the mean over 20,000 resamples is within a few hundredths of it.
    for (let g = 0; g < sizes.length; g += 1) expect((totals[g] ?? 0) / resamples).toBeCloseTo(sizes[g] ?? 0, 1);
  });

  it("gives each group's count the binomial variance n p (1 - p) of drawing items", () => {
    const sizes = Int32Array.of(3, 12, 25);
    const draw = createMultinomialResampler(sizes, createSeededRandom(11));
    const counts = new Float64Array(sizes.length);
    const resamples = 40_000;
    const sums = new Float64Array(3);
    const squares = new Float64Array(3);
    for (let r = 0; r < resamples; r += 1) {
      draw(counts);
      for (let g = 0; g < 3; g += 1) {
        sums[g] = (sums[g] ?? 0) + (counts[g] ?? 0);
        squares[g] = (squares[g] ?? 0) + (counts[g] ?? 0) ** 2;
      }
    }
    for (let g = 0; g < 3; g += 1) {
      const p = (sizes[g] ?? 0) / 40;
      const mean = (sums[g] ?? 0) / resamples;
      const variance = (squares[g] ?? 0) / resamples - mean * mean;
      expect(Math.abs(variance / (40 * p * (1 - p)) - 1)).toBeLessThan(0.03);
    }
  });
});

describe("resampleGroupMeans", () => {
  it("is reproducible from its seed and degenerate for a single group", () => {
    const groups = groupDistinctRows([Float64Array.of(0, 1, 1, 0.5, 0, 1, 1, 1)]);
    const first = resampleGroupMeans(groups, 500, createSeededRandom(2));
    expect(Array.from(resampleGroupMeans(groups, 500, createSeededRandom(2)))).toEqual(Array.from(first));
    expect(first.every((mean) => mean >= 0 && mean <= 1)).toBe(true);
    const single = resampleGroupMeans(
      groupDistinctRows([Float64Array.of(0.25, 0.25, 0.25)]),
      10,
      createSeededRandom(1),
    );
    expect(Array.from(single)).toEqual(new Array(10).fill(0.25));
  });
});
