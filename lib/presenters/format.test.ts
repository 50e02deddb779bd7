import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatDelta,
  formatDeltaInterval,
  formatInterval,
  formatMetricValue,
  formatNumber,
  formatPercent,
  formatPValue,
  formatStandardError,
  formatValue,
  shortenLabel,
} from "./format";
import { parseModelSize } from "./model-size";

describe("the one formatting module", () => {
  it("shows fractions as percentages with one decimal and undefined as n/a", () => {
    expect(formatPercent(0.306)).toBe("30.6%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatPercent(1)).toBe("100.0%");
    expect(formatPercent(2 / 3)).toBe("66.7%");
    expect(formatPercent(0.4375)).toBe("43.8%");
    expect(formatPercent(null)).toBe("n/a");
    expect(formatPercent(Number.NaN)).toBe("n/a");
  });

  it("formats a metric in its registry unit: argument F1 reads the same everywhere", () => {
    expect(formatMetricValue({ unit: "fraction" }, 0.75)).toBe("75.0%");
    expect(formatMetricValue({ unit: "number" }, 0.4375)).toBe("0.438");
    expect(formatNumber(3)).toBe("3");
  });

  it("shows counts as n/N, with n/a for an empty denominator", () => {
    expect(formatCount(3, 77)).toBe("3/77");
    expect(formatCount(0, 77)).toBe("0/77");
    expect(formatCount(0, 0)).toBe("n/a");
  });

  it("formats uncertainty", () => {
    expect(formatStandardError(0.042)).toBe("± 4.2 pts");
    expect(formatStandardError(null)).toBeNull();
    expect(formatInterval(0.237, 0.763)).toBe("[23.7%, 76.3%]");
    expect(formatInterval(null, 0.5)).toBeNull();
  });

  it("formats comparisons: signed deltas in points, p-values", () => {
    expect(formatValue(null, "rate")).toBe("n/a");
    expect(formatValue(0, "rate")).toBe("0.0%");
    expect(formatValue(0.4567, "score")).toBe("0.457");
    expect(formatDelta(0.25, "rate")).toBe("+25.0 pp");
    expect(formatDelta(-0.125, "rate", true)).toBe("-12.5 pp");
    expect(formatDelta(-0.0001, "rate")).toBe("0.0 pp");
    expect(formatDeltaInterval({ low: -0.5, high: 1 }, "rate")).toBe("[\u221250.0, +100.0] pp");
    expect(formatDeltaInterval(null, "score")).toBe("n/a");
    expect(formatPValue(0.0703125)).toBe("0.070");
    expect(formatPValue(0.0002)).toBe("< 0.001");
    expect(formatPValue(null)).toBe("n/a");
    expect(shortenLabel("a  b\n c", 60)).toBe("a b c");
    expect(shortenLabel(`A  persona\n${"x".repeat(80)}`, 20)).toBe("A persona xxxxxxxxx…");
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
