import { describe, expect, it } from "vitest";
import { buildChartSeries } from "./leaderboard-chart";
import { buildLeaderboardView } from "./leaderboard-rows";
import { parseLeaderboardQuery } from "./leaderboard-query";
import { makeEntry, makePageData } from "@/lib/testing/leaderboard-fixtures";

describe("buildChartSeries", () => {
  const entries = [
    makeEntry(
      { id: "a", model: "qwen3-4b", variant: "base", displayName: "qwen3-4b on retail" },
      { successRate: { value: 0.5, se: 0.1, low: 0.237, high: 0.763, effectiveN: 12, n: 12, successes: 6 } },
    ),
    makeEntry({ id: "b", model: "qwen3-4b", variant: "sft" }),
    makeEntry(
      { id: "c", model: "gemma3-4b", variant: "sft", displayName: "gemma3-4b-sft on retail" },
      { goldHistory: { ...makeEntry({}).metrics.goldHistory, rouge1F1: 0.498 } },
    ),
  ];
  const view = buildLeaderboardView(makePageData(entries), parseLeaderboardQuery({}));
  const definition = (id: string) => {
    const found = view.definitions.find((d) => d.id === id);
    if (!found) throw new Error(id);
    return found;
  };

  it("plots the success rate per run with its interval as error offsets and skips n/a runs", () => {
    const series = buildChartSeries(view.rows, definition("success"));
    expect(series.metricLabel).toBe("Success rate");
    expect(series.points).toEqual([
      { runId: "a", label: "qwen3-4b on retail", value: 50, error: [26.3, 26.3], uncertainty: "[23.7%, 76.3%]" },
    ]);
    expect(series.missing).toBe(2);
    expect(series.hasErrorBars).toBe(true);
  });

  it("plots metrics without uncertainty without error bars", () => {
    const series = buildChartSeries(view.rows, definition("rouge1"));
    expect(series.points).toEqual([
      { runId: "c", label: "gemma3-4b-sft on retail", value: 49.8, error: null, uncertainty: null },
    ]);
    expect(series.hasErrorBars).toBe(false);
  });
});
