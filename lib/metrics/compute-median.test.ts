import { describe, expect, it } from "vitest";
import { computeMedian } from "./compute-median";

describe("computeMedian", () => {
  it("is null for no values (n/a, not 0)", () => {
    expect(computeMedian([])).toBeNull();
    expect(computeMedian([Number.NaN, Number.POSITIVE_INFINITY])).toBeNull();
  });

  it("takes the middle value of an odd count, whatever the input order", () => {
    expect(computeMedian([30, 5, 12])).toBe(12);
    expect(computeMedian([7])).toBe(7);
  });

  it("averages the two middle values of an even count", () => {
    expect(computeMedian([40, 10, 20, 90])).toBe(30);
    expect(computeMedian([1.5, 2])).toBe(1.75);
  });

  it("leaves out non-finite values and does not change its input", () => {
    const input = [9, Number.NaN, 3, 6];
    expect(computeMedian(input)).toBe(6);
    expect(input).toEqual([9, Number.NaN, 3, 6]);
  });
});
