import { listSuiteRuns } from "@/lib/db/leaderboard";
import { buildCostSuccessChart, type CostBasis, type CostSuccessChartModel } from "@/lib/presenters/cost-success-chart";
import { getManyRunMetrics } from "./get-leaderboard";

/** Cost against success for every run of a suite, from the cached run metrics. */
export async function getSuiteCostSuccess(suiteId: string, basis: CostBasis): Promise<CostSuccessChartModel> {
  const runs = await listSuiteRuns({ suiteId });
  const metrics = await getManyRunMetrics(runs.map((run) => run.id));
  return buildCostSuccessChart(
    runs.flatMap((run) => {
      const entry = metrics.get(run.id);
      return entry
        ? [{ id: run.id, name: run.name, success: entry.metrics.successRate.value, effort: entry.metrics.effort }]
        : [];
    }),
    basis,
  );
}
