import { describe, expect, it } from "vitest";
import { computeErrorPropagation } from "./compute-error-propagation";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";

describe("computeErrorPropagation", () => {
  const runs = [
    createTestOutcome({ firstErrorPosition: 0, reward: 0 }),
    createTestOutcome({ firstErrorPosition: 0.05, reward: 0 }),
    createTestOutcome({ firstErrorPosition: 0.1, reward: 1 }),
    createTestOutcome({ firstErrorPosition: 0.3, reward: 0 }),
    createTestOutcome({ firstErrorPosition: 0.35, reward: null }),
    createTestOutcome({ firstErrorPosition: 0.99, reward: 1 }),
    createTestOutcome({ firstErrorPosition: 1, reward: 0 }),
    createTestOutcome({ firstErrorPosition: null, reward: 1 }),
    createTestOutcome({ firstErrorPosition: null, reward: 0 }),
    createTestOutcome({ firstErrorPosition: null, reward: 1 }),
    createTestOutcome({ firstErrorPosition: 0.5, reward: 0, stopReason: "infrastructure_error" }),
  ];
  const result = computeErrorPropagation(runs);

  it("bins first-error positions into ten bins with 1 in the last", () => {
    expect(result.histogram.map((b) => b.count)).toEqual([2, 1, 0, 2, 0, 0, 0, 0, 0, 2]);
    expect(result.histogram[3]).toEqual({ low: 0.3, high: 0.4, count: 2 });
  });

  it("compares failure rates with and without an error", () => {
    // with error and known outcome: 0,0,1,0,1,0 -> 4 failures of 6
    expect(result.withError).toEqual({ failures: 4, n: 6, rate: 4 / 6 });
    expect(result.withoutError).toEqual({ failures: 1, n: 3, rate: 1 / 3 });
  });

  it("returns empty bins and null rates for an empty run", () => {
    const empty = computeErrorPropagation([]);
    expect(empty.histogram).toHaveLength(10);
    expect(empty.histogram.every((b) => b.count === 0)).toBe(true);
    expect(empty.withError).toEqual({ failures: 0, n: 0, rate: null });
    expect(empty.withoutError).toEqual({ failures: 0, n: 0, rate: null });
  });
});
