import type { RunMetricsResponse } from "@/lib/contracts/run-metrics";
import { parseModelSize } from "./model-size";
import type { LeaderboardMetrics, LeaderboardSummaryRow, RunRecordCounts } from "@/lib/contracts/leaderboard-summary";
import { buildMetricCell, buildMetricDefinitions, findMaxPassK } from "./leaderboard-metrics";

/** Only what the leaderboard cells read: the full cache (strata, stop reasons, error positions) stays on the run. */
export function pickLeaderboardMetrics(m: LeaderboardMetrics): LeaderboardMetrics {
  return {
    successRate: m.successRate,
    passHatK: m.passHatK,
    goldHistory: m.goldHistory,
    toolWorkflowCompletion: m.toolWorkflowCompletion,
    holisticSuccess: m.holisticSuccess,
    recovery: m.recovery,
    turnLimitRate: m.turnLimitRate,
    proxyState: m.proxyState,
  };
}

/** Whether a run has anything to show in each metric group (groups without data stay hidden by default). */
export function findGroupsWithData(m: LeaderboardMetrics): { hasGold: boolean; hasClosed: boolean; hasProxy: boolean } {
  const p = m.proxyState;
  return {
    hasGold: m.goldHistory.textTurns + m.goldHistory.toolTurns > 0,
    hasClosed:
      m.successRate.n > 0 ||
      m.turnLimitRate.n > 0 ||
      m.toolWorkflowCompletion.eligible > 0 ||
      m.recovery.errorTrajectories > 0,
    hasProxy: [p.goalCompletion, p.userError, p.agentError, p.toolHallucination, p.userHallucination].some(
      (rate) => rate.n > 0,
    ),
  };
}

export function buildLeaderboardSummary(input: {
  metrics: RunMetricsResponse;
  counts: RunRecordCounts;
  modelSize: string | null;
}): LeaderboardSummaryRow {
  const metrics = pickLeaderboardMetrics(input.metrics);
  const maxPassK = findMaxPassK([metrics]);
  const sortValues = Object.fromEntries(
    buildMetricDefinitions(maxPassK).map((d) => [d.id, buildMetricCell(metrics, d).value]),
  );
  return {
    runId: input.metrics.runId,
    metricsVersion: input.metrics.metricsVersion,
    ...input.counts,
    modelSize: parseModelSize(input.modelSize),
    maxPassK,
    ...findGroupsWithData(metrics),
    sortValues,
    metrics,
  };
}
