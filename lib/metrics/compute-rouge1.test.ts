import { describe, expect, it } from "vitest";
import { computeRouge1, tokenizeForRouge } from "./compute-rouge1";

describe("tokenizeForRouge", () => {
  it("lowercases and splits on every non [a-z0-9] run like rouge-score", () => {
    expect(tokenizeForRouge("Hello, World! It's 2024-05")).toEqual(["hello", "world", "it", "s", "2024", "05"]);
  });

  it("treats non-ASCII letters as separators", () => {
    expect(tokenizeForRouge("Café crème")).toEqual(["caf", "cr", "me"]);
  });

  it("returns no tokens for punctuation or whitespace only", () => {
    expect(tokenizeForRouge("  !!! ... ")).toEqual([]);
  });
});

describe("computeRouge1", () => {
  it("scores a one-word substitution", () => {
    const score = computeRouge1("The cat sat on the mat.", "the cat is on the mat");
    expect(score.precision).toBeCloseTo(5 / 6, 12);
    expect(score.recall).toBeCloseTo(5 / 6, 12);
    expect(score.f1).toBeCloseTo(5 / 6, 12);
  });

  it("clips repeated unigrams to the reference count", () => {
    // overlap min(3, 1) = 1: precision 1/1, recall 1/3, F1 = 2*(1/3)/(4/3) = 0.5
    expect(computeRouge1("the the the", "the")).toEqual({ precision: 1, recall: 1 / 3, f1: 0.5 });
    // overlap min(1, 3) = 1: precision 1/3, recall 1
    expect(computeRouge1("the", "the the the")).toEqual({ precision: 1 / 3, recall: 1, f1: 0.5 });
  });

  it("uses different lengths in precision and recall", () => {
    // ref 4 tokens, pred 2 tokens, overlap 2
    const score = computeRouge1("refund of 2500 cents", "2500 cents");
    expect(score.precision).toBe(1);
    expect(score.recall).toBe(0.5);
    expect(score.f1).toBeCloseTo(2 / 3, 12);
  });

  it("returns zeros when either side is empty, including both", () => {
    expect(computeRouge1("", "")).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(computeRouge1("", "words here")).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(computeRouge1("words here", "?!")).toEqual({ precision: 0, recall: 0, f1: 0 });
  });

  it("returns zeros for disjoint texts", () => {
    expect(computeRouge1("alpha beta", "gamma delta")).toEqual({ precision: 0, recall: 0, f1: 0 });
  });
});
