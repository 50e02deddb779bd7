import { describe, expect, it } from "vitest";
import { WIKIPEDIA_COHEN } from "@/lib/testing/agreement-fixtures";
import {
  buildConfusionMatrix,
  cohensKappa,
  fleissKappa,
  fullAgreementRate,
  krippendorffAlphaNominal,
  type Label,
  percentAgreement,
  toCategoryCounts,
} from "./compute-agreement";

const wiki = WIKIPEDIA_COHEN;

describe("percentAgreement and cohensKappa", () => {
  it("reproduces the Wikipedia example", () => {
    expect(percentAgreement(wiki.a, wiki.b)).toBeCloseTo(0.7, 12);
    // p_o = 0.7, p_e = 0.5*0.6 + 0.5*0.4 = 0.5
    expect(cohensKappa(wiki.a, wiki.b)).toBeCloseTo(0.4, 12);
  });

  it("is 1 for perfect agreement over two labels", () => {
    expect(cohensKappa([true, false, true], [true, false, true])).toBe(1);
  });

  it("is null when both raters use one and the same label", () => {
    expect(percentAgreement(["yes", "yes"], ["yes", "yes"])).toBe(1);
    expect(cohensKappa(["yes", "yes"], ["yes", "yes"])).toBeNull();
  });

  it("can be negative for systematic disagreement", () => {
    expect(cohensKappa(["y", "n"], ["n", "y"])).toBe(-1);
  });

  it("skips items with a missing rating and distinguishes 1 from '1'", () => {
    expect(percentAgreement(["a", null, "b"], ["a", "b", null])).toBe(1);
    expect(percentAgreement([1], ["1"])).toBe(0);
    expect(percentAgreement([null], ["a"])).toBeNull();
    expect(cohensKappa([], [])).toBeNull();
  });

  it("rejects rater arrays of different length", () => {
    expect(() => cohensKappa(["a"], ["a", "b"])).toThrow(RangeError);
  });
});

describe("fleissKappa", () => {
  it("reproduces the Wikipedia example (10 subjects, 14 raters, 5 categories)", () => {
    const matrix = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    expect(fleissKappa(matrix)).toBeCloseTo(0.20993070442195522, 12);
    expect(fleissKappa(matrix)).toBeCloseTo(0.21, 3);
  });

  it("equals 1 for perfect agreement and null when one category takes every rating", () => {
    expect(
      fleissKappa([
        [3, 0],
        [0, 3],
      ]),
    ).toBe(1);
    expect(
      fleissKappa([
        [3, 0],
        [3, 0],
      ]),
    ).toBeNull();
    expect(fleissKappa([])).toBeNull();
  });

  it("rejects items with different numbers of ratings", () => {
    expect(() =>
      fleissKappa([
        [2, 1],
        [1, 1],
      ]),
    ).toThrow(RangeError);
  });

  it("accepts counts built from raters x items labels", () => {
    const { categories, counts } = toCategoryCounts([
      [true, true, false, true],
      [true, false, false, null],
      [true, true, false, true],
    ]);
    expect(categories).toEqual([false, true]);
    expect(counts).toEqual([
      [0, 3],
      [1, 2],
      [3, 0],
    ]);
    // P_i = 1, 1/3, 1 -> mean 7/9; p = (4/9, 5/9) -> P_e = 41/81; kappa = (63/81 - 41/81)/(40/81) = 0.55
    expect(fleissKappa(counts)).toBeCloseTo(0.55, 12);
  });
});

describe("krippendorffAlphaNominal", () => {
  it("reproduces Krippendorff's 4 coders x 12 units example (0.743)", () => {
    const data: (Label | null)[][] = [
      [1, 2, 3, 3, 2, 1, 4, 1, 2, null, null, null],
      [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, null, 3],
      [null, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, null],
      [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, null],
    ];
    expect(krippendorffAlphaNominal(data)).toBeCloseTo(0.743421052631579, 12);
    expect(krippendorffAlphaNominal(data)).toBeCloseTo(0.743, 3);
  });

  it("is 1 for perfect agreement and null with a single category or no pairable unit", () => {
    expect(
      krippendorffAlphaNominal([
        ["a", "b", "a"],
        ["a", "b", "a"],
      ]),
    ).toBe(1);
    expect(
      krippendorffAlphaNominal([
        ["a", "a"],
        ["a", "a"],
      ]),
    ).toBeNull();
    expect(
      krippendorffAlphaNominal([
        ["a", null],
        [null, "b"],
      ]),
    ).toBeNull();
  });

  it("matches the two-coder hand computation", () => {
    // units (a,a), (a,b): coincidences o_aa = 2, o_ab = o_ba = 1; n_a = 3, n_b = 1, n = 4
    // alpha = 1 - (n-1) * D_o / (n^2 - sum n_c^2) = 1 - 3 * 2 / (16 - 10) = 0
    expect(
      krippendorffAlphaNominal([
        ["a", "a"],
        ["a", "b"],
      ]),
    ).toBeCloseTo(0, 12);
  });
});

describe("fullAgreementRate", () => {
  it("counts items where every rater agrees, skipping items with a missing rating", () => {
    expect(
      fullAgreementRate([
        [true, true, false, true],
        [true, false, false, null],
        [true, true, false, true],
      ]),
    ).toEqual({ value: 2 / 3, n: 3 });
    expect(fullAgreementRate([])).toEqual({ value: null, n: 0 });
  });
});

describe("buildConfusionMatrix", () => {
  it("tabulates rater A rows against rater B columns", () => {
    expect(buildConfusionMatrix(["yes", "yes", "no", null], ["yes", "no", "no", "yes"])).toEqual({
      labels: ["no", "yes"],
      counts: [
        [1, 0],
        [1, 1],
      ],
      n: 3,
    });
  });

  it("includes labels used by only one rater", () => {
    const matrix = buildConfusionMatrix(["x"], ["y"]);
    expect(matrix.labels).toEqual(["x", "y"]);
    expect(matrix.counts).toEqual([
      [0, 1],
      [0, 0],
    ]);
  });
});
