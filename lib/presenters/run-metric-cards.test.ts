import { describe, expect, it } from "vitest";
import { makeRunMetrics } from "@/lib/testing/leaderboard-fixtures";
import { buildMetricCardGroups } from "./run-metric-cards";

describe("buildMetricCardGroups", () => {
  it("collapses a family the run's data cannot have into one line saying what would fill it", () => {
    // A tau2 run: outcomes, no turn predictions, no judge labels (12 n/a cards before).
    const groups = buildMetricCardGroups(makeRunMetrics());
    const gold = groups.find((group) => group.key === "gold-history");
    expect(gold?.cards).toEqual([]);
    expect(gold?.missing?.needs).toMatch(/^per-turn predictions/);
    expect(gold?.missing?.docHref).toBe("/docs/bundle-format.md");
    expect(gold?.missing?.docLabel).toBe("bundle format: TurnPrediction");
    const proxy = groups.find((group) => group.key === "proxy-state");
    expect(proxy?.cards).toEqual([]);
    expect(proxy?.missing?.docLabel).toBe("bundle format: TrajectoryJudge");
    expect(groups.find((group) => group.key === "closed-loop")?.missing).toBeUndefined();
  });

  it("keeps the cards of a family with data", () => {
    const metrics = makeRunMetrics();
    const groups = buildMetricCardGroups({
      ...metrics,
      goldHistory: { ...metrics.goldHistory, textTurns: 3, rouge1F1: 0.5 },
    });
    const gold = groups.find((group) => group.key === "gold-history");
    expect(gold?.missing).toBeUndefined();
    expect(gold?.cards.find((card) => card.key === "rouge1")?.value).toBe("50.0%");
  });

  it("explains tool-workflow completion above success in place (100% (20/20) beside 65%)", () => {
    const metrics = makeRunMetrics();
    const cards = buildMetricCardGroups({
      ...metrics,
      successRate: { ...metrics.successRate, value: 0.65, successes: 13, n: 20 },
      toolWorkflowCompletion: { rate: 1, count: 20, eligible: 20 },
    }).find((group) => group.key === "closed-loop")?.cards;
    const workflow = cards?.find((card) => card.key === "workflow");
    expect(workflow?.value).toBe("100.0%");
    expect(workflow?.fraction).toBe("20/20");
    expect(workflow?.note).toBe(
      "Higher than success (65.0%): it counts trajectories that made every expected tool call, while success also needs the final state and reply to be right.",
    );
    // No note where there is nothing to reconcile.
    expect(
      buildMetricCardGroups(metrics)
        .find((g) => g.key === "closed-loop")
        ?.cards.find((c) => c.key === "workflow")?.note,
    ).toBeUndefined();
  });
});
