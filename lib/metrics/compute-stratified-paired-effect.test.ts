import { describe, expect, it } from "vitest";
import { bootstrapPercentileInterval } from "./bootstrap";
import type { PairedTaskInput } from "./compare-paired-runs";
import { computeStratifiedPairedEffect, STRATIFIED_RESAMPLES } from "./compute-stratified-paired-effect";

function task(taskId: string, a: [number, number], b: [number, number]): PairedTaskInput {
  return { taskId, a: { n: a[0], c: a[1] }, b: { n: b[0], c: b[1] } };
}

/** Independent exact binomial p: 2 * P(X <= min(b, c)), X ~ Bin(b + c, 1/2), by summing binomial coefficients. */
function exactMcNemar(b: number, c: number): number {
  const n = b + c;
  let coefficient = 1;
  let tail = 0;
  for (let i = 0; i <= Math.min(b, c); i += 1) {
    tail += coefficient;
    coefficient = (coefficient * (n - i)) / (i + 1);
  }
  return Math.min(1, (2 * tail) / 2 ** n);
}

describe("computeStratifiedPairedEffect", () => {
  it("weighs every shared task once and keeps stratum sizes fixed when resampling", () => {
    // Domain A: both tasks go 0/2 -> 2/2 (difference 1); domain B: no change (1/2 -> 1/2, a tie counted as fail, and 2/2 -> 2/2).
    const effect = computeStratifiedPairedEffect([
      { stratum: "A", tasks: [task("a1", [2, 0], [2, 2]), task("a2", [2, 0], [2, 2])] },
      { stratum: "B", tasks: [task("b1", [2, 1], [2, 1]), task("b2", [2, 2], [2, 2])] },
    ]);
    expect(effect.estimate).toBe(0.5);
    // Every stratified resample draws two tasks of A (difference 1) and two of B (difference 0): always 0.5.
    expect(effect.low).toBe(0.5);
    expect(effect.high).toBe(0.5);
    expect(effect.transitions).toEqual({ bothPass: 1, onlyA: 0, onlyB: 2, bothFail: 1 });
    expect(effect.p).toBe(0.5); // 2 * (1/2)^2
    expect(effect).toMatchObject({ tasks: 4, strata: 2, resamples: STRATIFIED_RESAMPLES });
  });

  it("pools discordant tasks over strata for the exact test", () => {
    const effect = computeStratifiedPairedEffect(
      [
        {
          stratum: "A",
          tasks: [
            task("1", [1, 0], [1, 1]),
            task("2", [1, 0], [1, 1]),
            task("3", [1, 0], [1, 1]),
            task("4", [1, 1], [1, 1]),
          ],
        },
        {
          stratum: "B",
          tasks: [
            task("5", [1, 1], [1, 0]),
            task("6", [1, 0], [1, 1]),
            task("7", [1, 0], [1, 1]),
            task("8", [1, 0], [1, 0]),
          ],
        },
      ],
      { resamples: 200 },
    );
    expect(effect.transitions).toEqual({ bothPass: 1, onlyA: 1, onlyB: 5, bothFail: 1 });
    expect(effect.p).toBeCloseTo(14 / 64, 12);
    expect(effect.p).toBeCloseTo(exactMcNemar(1, 5), 12);
    expect(effect.estimate).toBe(4 / 8);
  });

  it("with one stratum equals the plain paired bootstrap of the mean difference", () => {
    const tasks = [
      task("1", [4, 1], [4, 3]),
      task("2", [4, 2], [4, 2]),
      task("3", [4, 4], [4, 1]),
      task("4", [4, 0], [4, 4]),
      task("5", [4, 3], [4, 4]),
    ];
    const effect = computeStratifiedPairedEffect([{ stratum: "only", tasks }], { resamples: 2000, seed: 7 });
    const differences = tasks.map((t) => t.b.c / t.b.n - t.a.c / t.a.n);
    const mean = (sample: readonly number[]) => sample.reduce((sum, value) => sum + value, 0) / sample.length;
    const reference = bootstrapPercentileInterval(differences, mean, { resamples: 2000, seed: 7 });
    expect(effect.estimate).toBeCloseTo(mean(differences), 12);
    expect(effect.low).toBeCloseTo(reference?.low ?? Number.NaN, 12);
    expect(effect.high).toBeCloseTo(reference?.high ?? Number.NaN, 12);
  });

  it("is reproducible for a seed and ignores tasks one side did not score", () => {
    const strata = [
      { stratum: "A", tasks: [task("1", [3, 0], [3, 2]), task("2", [3, 1], [3, 3]), task("x", [0, 0], [3, 3])] },
      { stratum: "B", tasks: [task("3", [3, 3], [3, 2]), task("4", [3, 0], [3, 1])] },
    ];
    const first = computeStratifiedPairedEffect(strata, { seed: 3 });
    expect(computeStratifiedPairedEffect(strata, { seed: 3 })).toEqual(first);
    expect(first.tasks).toBe(4);
    expect(first.estimate).toBeCloseTo((2 / 3 + 2 / 3 - 1 / 3 + 1 / 3) / 4, 12);
    expect(first.low).not.toBeNull();
    expect(first.low ?? 1).toBeLessThanOrEqual(first.estimate ?? 0);
    expect(first.high ?? 0).toBeGreaterThanOrEqual(first.estimate ?? 1);
  });

  it("is undefined (null), never 0, without a shared task", () => {
    const effect = computeStratifiedPairedEffect([{ stratum: "A", tasks: [task("1", [0, 0], [2, 1])] }]);
    expect(effect).toMatchObject({ estimate: null, low: null, high: null, p: null, tasks: 0, strata: 0 });
  });
});
