import { describe, expect, it } from "vitest";
import { canonicalString, computeArgumentF1, isExactCallMatch, normalizeArguments } from "./compare-tool-calls";

describe("normalizeArguments", () => {
  it("sorts keys, trims strings and recurses into arrays and objects", () => {
    const normalized = normalizeArguments({ b: " x ", a: [1, { d: 2.0, c: "y " }] });
    expect(JSON.stringify(normalized)).toBe('{"a":[1,{"c":"y","d":2}],"b":"x"}');
  });

  it("drops undefined members and maps non-finite numbers to null", () => {
    expect(normalizeArguments({ a: undefined, b: Number.NaN })).toEqual({ b: null });
  });

  it("keeps numeric strings as strings", () => {
    expect(canonicalString({ n: "5" })).not.toBe(canonicalString({ n: 5 }));
  });
});

describe("isExactCallMatch", () => {
  it("matches numerically equal numbers and ignores key order", () => {
    expect(
      isExactCallMatch(
        { name: "f", arguments: { a: 5, b: { x: 1, y: 2 } } },
        { name: "f", arguments: { b: { y: 2, x: 1 }, a: 5.0 } },
      ),
    ).toBe(true);
  });

  it("does not equate a numeric string with a number", () => {
    expect(isExactCallMatch({ name: "f", arguments: { a: 5 } }, { name: "f", arguments: { a: "5" } })).toBe(false);
  });

  it("trims strings but keeps case", () => {
    expect(
      isExactCallMatch({ name: "f", arguments: { id: "A-104" } }, { name: "f", arguments: { id: " A-104 " } }),
    ).toBe(true);
    expect(isExactCallMatch({ name: "f", arguments: { id: "A-104" } }, { name: "f", arguments: { id: "a-104" } })).toBe(
      false,
    );
  });

  it("requires the same function name and array order", () => {
    expect(isExactCallMatch({ name: "f", arguments: {} }, { name: "g", arguments: {} })).toBe(false);
    expect(isExactCallMatch({ name: "f", arguments: { l: [1, 2] } }, { name: "f", arguments: { l: [2, 1] } })).toBe(
      false,
    );
  });
});

describe("computeArgumentF1", () => {
  it("scores overlapping top-level pairs", () => {
    // reference 3 pairs, prediction 2 pairs, 1 shared: 2*1/(3+2) = 0.4
    expect(
      computeArgumentF1({ name: "f", arguments: { a: 1, b: 2, c: 3 } }, { name: "f", arguments: { a: 1.0, b: 3 } }),
    ).toBeCloseTo(0.4, 12);
  });

  it("compares nested values as a whole", () => {
    const ref = { name: "f", arguments: { o: { x: 1, y: 2 }, k: "v" } };
    expect(computeArgumentF1(ref, { name: "f", arguments: { o: { y: 2, x: 1 }, k: "v" } })).toBe(1);
    expect(computeArgumentF1(ref, { name: "f", arguments: { o: { x: 1 }, k: "v" } })).toBe(0.5);
  });

  it("is 0 when the names differ even with identical arguments", () => {
    expect(computeArgumentF1({ name: "f", arguments: { a: 1 } }, { name: "g", arguments: { a: 1 } })).toBe(0);
  });

  it("is 1 when both have no arguments and the same name", () => {
    expect(computeArgumentF1({ name: "f", arguments: {} }, { name: "f", arguments: {} })).toBe(1);
  });

  it("is 0 when only one side has arguments", () => {
    expect(computeArgumentF1({ name: "f", arguments: {} }, { name: "f", arguments: { a: 1 } })).toBe(0);
    expect(computeArgumentF1({ name: "f", arguments: { a: 1 } }, { name: "f", arguments: {} })).toBe(0);
  });
});
