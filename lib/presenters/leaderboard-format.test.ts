import { describe, expect, it } from "vitest";
import { formatCount, formatInterval, formatPercent, formatStandardError, parseModelSize } from "./leaderboard-format";

describe("leaderboard formats", () => {
  it("shows fractions as percentages with one decimal and undefined as n/a", () => {
    expect(formatPercent(0.306)).toBe("30.6");
    expect(formatPercent(0)).toBe("0.0");
    expect(formatPercent(1)).toBe("100.0");
    expect(formatPercent(2 / 3)).toBe("66.7");
    expect(formatPercent(null)).toBe("n/a");
    expect(formatPercent(Number.NaN)).toBe("n/a");
  });

  it("shows counts as n/N, with n/a for an empty denominator", () => {
    expect(formatCount(3, 77)).toBe("3/77");
    expect(formatCount(0, 77)).toBe("0/77");
    expect(formatCount(0, 0)).toBe("n/a");
  });

  it("formats uncertainty", () => {
    expect(formatStandardError(0.042)).toBe("± 4.2");
    expect(formatStandardError(null)).toBeNull();
    expect(formatInterval(0.237, 0.763)).toBe("[23.7, 76.3]");
    expect(formatInterval(null, 0.5)).toBeNull();
  });

  it("orders model sizes by magnitude", () => {
    expect(parseModelSize("4B")).toBe(4e9);
    expect(parseModelSize("14B")).toBe(14e9);
    expect(parseModelSize("270M")).toBe(2.7e8);
    expect(parseModelSize("1.5b")).toBe(1.5e9);
    expect(parseModelSize(null)).toBeNull();
    expect(parseModelSize("large")).toBeNull();
  });
});
