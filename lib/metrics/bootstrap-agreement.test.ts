import { describe, expect, it } from "vitest";
import { WIKIPEDIA_COHEN } from "@/lib/testing/agreement-fixtures";
import { bootstrapDistribution, quantile } from "./bootstrap";
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

describe("bootstrapAgreement's counting resampler", () => {
  it("gives the intervals of the generic bootstrap over the same resamples (same seed, same draws)", () => {
    const labels = ["c", "ag", "us"];
    const a = Array.from({ length: 150 }, (_, i) => (i % 11 === 0 ? null : (labels[(i * 7) % 3] ?? "c")));
    const b = Array.from({ length: 150 }, (_, i) => labels[(i * 7 + (i % 4 === 0 ? 1 : 0)) % 3] ?? "c");
    const options = { resamples: 400, seed: 9 };
    const pairs = pairLabels(a, b);
    const reference = (statistic: (sample: readonly LabelPair[]) => number | null) => {
      const values = bootstrapDistribution(pairs, statistic, options).sort((x, y) => x - y);
      return { low: quantile(values, 0.025), high: quantile(values, 0.975), n: values.length };
    };
    const fast = bootstrapAgreement(a, b, options);
    const percent = reference(percentAgreementOfPairs);
    const kappa = reference(cohensKappaOfPairs);
    expect(fast.percentAgreement.low).toBeCloseTo(percent.low ?? Number.NaN, 12);
    expect(fast.percentAgreement.high).toBeCloseTo(percent.high ?? Number.NaN, 12);
    expect(fast.kappa.low).toBeCloseTo(kappa.low ?? Number.NaN, 12);
    expect(fast.kappa.high).toBeCloseTo(kappa.high ?? Number.NaN, 12);
    expect(fast.kappa.validResamples).toBe(kappa.n);
  });
});
