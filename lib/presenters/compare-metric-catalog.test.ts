import { describe, expect, it } from "vitest";
import { aggregateGoldHistory, computeRunMetrics, type TrajectoryOutcome, type TurnScore } from "@/lib/metrics";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";
import { poolRatios } from "@/lib/metrics/paired-metric-delta";
import { buildMetricCatalog } from "./compare-metric-catalog";

const STOPS = ["finished", "turn_limit", "too_many_errors", "infrastructure_error", null, "user_stop"];

/** A varied run: 5 tasks x 3 trials (task t4 only 2), mixed rewards, checks, stops, errors and judge labels. */
function outcomes(): TrajectoryOutcome[] {
  const list: TrajectoryOutcome[] = [];
  for (let task = 0; task < 5; task += 1) {
    for (let trial = 0; trial < (task === 4 ? 2 : 3); trial += 1) {
      const i = task * 3 + trial;
      list.push(
        createTestOutcome({
          taskId: `t${task}`,
          trial,
          trajectoryId: `x${i}`,
          stopReason: STOPS[i % STOPS.length] ?? null,
          reward: i % 4 === 0 ? null : i % 3 === 0 ? 0 : 1,
          stateMatch: i % 4 === 0 ? i % 8 === 0 : null,
          requiresTools: i % 5 !== 0,
          toolErrorCount: i % 2,
          unresolvedToolErrorCount: i % 6 === 1 ? 1 : 0,
          judge: {
            goalCompleted: i % 7 === 0 ? null : i % 2 === 0,
            errorSource: null,
            toolHallucination: null,
            userHallucination: null,
            policyViolation: i % 5 === 2,
            failureCategory: null,
          },
        }),
      );
    }
  }
  return list;
}

function turns(): (TurnScore & { taskId: string })[] {
  return Array.from({ length: 23 }, (_, i) => ({
    taskId: `t${i % 5}`,
    kind: i % 3 === 0 ? "text" : "tool",
    rouge1F1: i % 3 === 0 && i % 2 === 0 ? (i % 10) / 10 : null,
    judgeSuccess: i % 4 === 0 ? null : i % 2 === 0,
    exactMatch: i % 3 === 0 || i % 5 === 0 ? null : i % 2 === 1,
    argumentF1: i % 3 === 0 ? null : (i % 7) / 7,
  }));
}

function byTask<T extends { taskId: string }>(items: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.taskId, [...(groups.get(item.taskId) ?? []), item]);
  return [...groups.values()];
}

describe("metric catalog", () => {
  const runOutcomes = outcomes();
  const runTurns = turns();
  const metrics = computeRunMetrics(runOutcomes, runTurns, { resamples: 0 });
  const gold = aggregateGoldHistory(runTurns);

  it("pools per-task ratios back to exactly the engine's whole-run value for every metric", () => {
    const catalog = buildMetricCatalog(3);
    expect(catalog.map((m) => m.key)).toContain("passHatK2");
    for (const metric of catalog) {
      const pooled =
        metric.group === "gold"
          ? poolRatios(byTask(runTurns).map((task) => metric.taskRatio(task)))
          : poolRatios(byTask(runOutcomes).map((task) => metric.taskRatio(task)));
      const expected = metric.group === "gold" ? gold[metric.field] : metric.read(metrics);
      if (expected === null) expect(pooled, metric.key).toBeNull();
      else expect(pooled, metric.key).toBeCloseTo(expected, 12);
    }
  });

  it("keeps pass^k undefined beyond the smallest trial count, as the engine does", () => {
    const passHatK3 = buildMetricCatalog(3).find((m) => m.key === "passHatK3");
    expect(metrics.passHatK[3] ?? null).toBeNull();
    expect(
      passHatK3?.group === "closed"
        ? poolRatios(byTask(runOutcomes).map((task) => passHatK3.taskRatio(task)))
        : "missing",
    ).toBeNull();
  });
});
