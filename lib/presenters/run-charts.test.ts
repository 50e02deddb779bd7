import { describe, expect, it } from "vitest";
import { buildErrorPositionSeries, buildPassKSeries, buildStopReasonSeries, buildStratumSeries } from "./run-charts";

describe("run chart series", () => {
  it("orders pass^k / pass@k by k and keeps undefined values null", () => {
    expect(buildPassKSeries({ 1: 0.5, 2: 1 / 6, 3: null }, { 1: 0.5, 2: 0.8, 3: null })).toEqual([
      { k: 1, passHat: 0.5, passAt: 0.5 },
      { k: 2, passHat: 1 / 6, passAt: 0.8 },
      { k: 3, passHat: null, passAt: null },
    ]);
    expect(buildPassKSeries({}, {})).toEqual([]);
  });

  it("splits stop reasons into recorded and inferred", () => {
    expect(buildStopReasonSeries([{ reason: "user_stop", count: 5, inferredCount: 2 }])).toEqual([
      { reason: "user_stop", recorded: 3, inferred: 2, total: 5 },
    ]);
  });

  it("turns Wilson bounds into error-bar offsets and leaves empty strata without a bar", () => {
    const rate = (count: number, n: number, value: number | null, low: number | null, high: number | null) => ({
      count,
      n,
      value,
      low,
      high,
    });
    const empty = rate(0, 0, null, null, null);
    const series = buildStratumSeries([
      {
        key: "1-2",
        trajectories: 4,
        successRate: rate(2, 4, 0.5, 0.15, 0.85),
        goalCompletion: empty,
        toolWorkflowCompletion: empty,
        holisticSuccess: empty,
      },
      {
        key: "5+",
        trajectories: 0,
        successRate: empty,
        goalCompletion: empty,
        toolWorkflowCompletion: empty,
        holisticSuccess: empty,
      },
    ]);
    expect(series[0]?.error?.[0]).toBeCloseTo(0.35);
    expect(series[0]?.error?.[1]).toBeCloseTo(0.35);
    expect(series[0]?.label).toBe("2/4");
    expect(series[1]).toEqual({ key: "5+", value: null, error: null, count: 0, n: 0, label: "0/0", tick: "5+ (0/0)" });
  });

  it("labels the first-error histogram bins", () => {
    const histogram = Array.from({ length: 10 }, (_, i) => ({
      low: i / 10,
      high: (i + 1) / 10,
      count: i === 0 ? 3 : 0,
    }));
    const series = buildErrorPositionSeries({
      histogram,
      withError: { failures: 0, n: 0, rate: null },
      withoutError: { failures: 0, n: 0, rate: null },
    });
    expect(series[0]).toEqual({ bin: "0.0–0.1", count: 3 });
    expect(series).toHaveLength(10);
  });
});
