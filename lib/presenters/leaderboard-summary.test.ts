import { describe, expect, it } from "vitest";
import { computeRunMetrics } from "@/lib/metrics";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";
import { buildLeaderboardSummary, findGroupsWithData } from "./leaderboard-summary";
import { makeRunMetrics } from "@/lib/testing/leaderboard-fixtures";

const counts = { tasks: 2, trajectories: 4, minTrials: 2, maxTrials: 2, turnPredictions: 0 };

describe("buildLeaderboardSummary", () => {
  it("keeps only the leaderboard's metrics and the values it sorts on", () => {
    const outcomes = [
      createTestOutcome({ taskId: "a", trial: 0, reward: 1 }),
      createTestOutcome({ taskId: "a", trial: 1, reward: 1 }),
      createTestOutcome({ taskId: "b", trial: 0, reward: 0 }),
      createTestOutcome({ taskId: "b", trial: 1, reward: 1 }),
    ];
    const computed = computeRunMetrics(outcomes, []);
    const metrics = makeRunMetrics({
      runId: "r1",
      successRate: computed.successRate,
      passHatK: computed.passHatK,
      turnLimitRate: computed.turnLimitRate,
    });
    const row = buildLeaderboardSummary({ metrics, counts, modelSize: "4B" });
    expect(row).toMatchObject({
      runId: "r1",
      metricsVersion: 4,
      tasks: 2,
      modelSize: 4e9,
      maxPassK: 2,
      hasGold: false,
      hasClosed: true,
      hasProxy: false,
    });
    expect(row.sortValues.success).toBe(0.75);
    expect(row.sortValues.pass2).toBeCloseTo(0.5, 12);
    // n/a stays null (sorted last), never 0
    expect(row.sortValues.rouge1).toBeNull();
    expect(Object.keys(row.metrics).sort()).toEqual([
      "goldHistory",
      "holisticSuccess",
      "passHatK",
      "proxyState",
      "recovery",
      "successRate",
      "toolWorkflowCompletion",
      "turnLimitRate",
    ]);
    expect(row.metrics).not.toHaveProperty("strata");
  });

  it("has no data in any group for an empty run and an unparseable size", () => {
    const row = buildLeaderboardSummary({
      metrics: makeRunMetrics(),
      counts: { ...counts, tasks: 0, trajectories: 0 },
      modelSize: null,
    });
    expect(row).toMatchObject({ modelSize: null, maxPassK: 0, hasGold: false, hasClosed: false, hasProxy: false });
    expect(
      findGroupsWithData(makeRunMetrics({ goldHistory: { ...makeRunMetrics().goldHistory, toolTurns: 3 } })).hasGold,
    ).toBe(true);
  });
});
