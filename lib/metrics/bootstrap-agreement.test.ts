import { describe, expect, it } from "vitest";
import { WIKIPEDIA_COHEN } from "@/lib/testing/agreement-fixtures";
import { bootstrapAgreement } from "./bootstrap-agreement";

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
