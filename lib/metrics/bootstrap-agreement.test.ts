import { describe, expect, it } from "vitest";
import { WIKIPEDIA_COHEN } from "@/lib/testing/agreement-fixtures";
import { bootstrapDistribution, quantile, sampleStandardDeviation } from "./bootstrap";
import { bootstrapAgreement } from "./bootstrap-agreement";
import { cohensKappaOfPairs, pairLabels, percentAgreementOfPairs, type LabelPair } from "./compute-agreement";

const wiki = WIKIPEDIA_COHEN;

describe("bootstrapAgreement", () => {
  it("reports point estimates with intervals around them", () => {
    const result = bootstrapAgreement(wiki.a, wiki.b);
    expect(result.percentAgreement.estimate).toBeCloseTo(0.7, 12);
    expect(result.kappa.estimate).toBeCloseTo(0.4, 12);
    expect(result.percentAgreement.validResamples).toBe(1000);
    // binomial SE of 0.7 over 50 items ≈ 0.065
    expect(result.percentAgreement.se).toBeCloseTo(0.065, 1);
    expect((result.kappa.low ?? 1) < 0.4 && (result.kappa.high ?? 0) > 0.4).toBe(true);
  });

  it("gives a degenerate interval for perfect agreement and null kappa when undefined everywhere", () => {
    const perfect = bootstrapAgreement(["a", "b", "a"], ["a", "b", "a"]);
    expect(perfect.percentAgreement).toMatchObject({ estimate: 1, low: 1, high: 1, se: 0 });
    const single = bootstrapAgreement(["a", "a"], ["a", "a"]);
    expect(single.kappa).toEqual({ estimate: null, se: null, low: null, high: null, validResamples: 0 });
  });
});

describe("bootstrapAgreement's multinomial resampler", () => {
  it("matches the item bootstrap's distribution (same statistics from the same cell counts, other draws)", () => {
    const labels = ["c", "ag", "us"];
    const a = Array.from({ length: 150 }, (_, i) => (i % 11 === 0 ? null : (labels[(i * 7) % 3] ?? "c")));
    const b = Array.from({ length: 150 }, (_, i) => labels[(i * 7 + (i % 4 === 0 ? 1 : 0)) % 3] ?? "c");
    // Enough resamples on both sides that Monte Carlo error (about 1% of an SE) stays far inside the tolerances.
    const options = { resamples: 20_000, seed: 9 };
    const pairs = pairLabels(a, b);
    const reference = (statistic: (sample: readonly LabelPair[]) => number | null) => {
      const values = bootstrapDistribution(pairs, statistic, options).sort((x, y) => x - y);
      return {
        low: quantile(values, 0.025) ?? Number.NaN,
        high: quantile(values, 0.975) ?? Number.NaN,
        se: sampleStandardDeviation(values) ?? Number.NaN,
      };
    };
    const fast = bootstrapAgreement(a, b, options);
    for (const [estimate, expected] of [
      [fast.percentAgreement, reference(percentAgreementOfPairs)],
      [fast.kappa, reference(cohensKappaOfPairs)],
    ] as const) {
      expect(Math.abs((estimate.se ?? 0) / expected.se - 1)).toBeLessThan(0.05);
      expect(Math.abs((estimate.low ?? 0) - expected.low)).toBeLessThan(0.2 * expected.se);
      expect(Math.abs((estimate.high ?? 0) - expected.high)).toBeLessThan(0.2 * expected.se);
    }
    expect(fast.kappa.validResamples).toBe(20_000);
  });

  it("is reproducible from its seed", () => {
    const a = ["x", "y", "x", "z", "y", "x", "x", "z"];
    const b = ["x", "y", "y", "z", "y", "x", "z", "z"];
    expect(bootstrapAgreement(a, b, { seed: 3 })).toEqual(bootstrapAgreement(a, b, { seed: 3 }));
    expect(bootstrapAgreement(a, b, { seed: 3 }).kappa.low).not.toBe(bootstrapAgreement(a, b, { seed: 4 }).kappa.low);
  });
});
