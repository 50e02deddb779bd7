import type { RunEffort } from "@/lib/metrics/compute-effort";
import { computeParetoFrontier } from "@/lib/metrics/compute-pareto-frontier";

export type CostBasis = "agent" | "total";

export interface CostSuccessRun {
  id: string;
  name: string;
  success: number | null;
  effort: RunEffort;
}

export interface CostSuccessChartPoint {
  id: string;
  name: string;
  /** Mean cost per trajectory in USD. */
  cost: number;
  /** Success rate in %. */
  success: number;
  onFrontier: boolean;
}

export interface CostSuccessChartModel {
  basis: CostBasis;
  points: CostSuccessChartPoint[];
  /** The Pareto frontier, cheapest first (a subset of points). */
  frontier: CostSuccessChartPoint[];
  /** Runs left out, with the reason (no cost recorded, or no known outcome). */
  missing: { id: string; name: string; reason: string }[];
}

/** Runs of a suite placed by mean cost per trajectory (agent only, or agent + user) against success; the frontier marks runs no cheaper run beats. */
export function buildCostSuccessChart(runs: readonly CostSuccessRun[], basis: CostBasis): CostSuccessChartModel {
  const placed: Omit<CostSuccessChartPoint, "onFrontier">[] = [];
  const missing: CostSuccessChartModel["missing"] = [];
  for (const run of runs) {
    const figure = basis === "agent" ? run.effort.agentCostUsd : run.effort.costUsd;
    const cost = figure.mean;
    if (cost === null)
      missing.push({
        id: run.id,
        name: run.name,
        reason:
          figure.unknownReason !== undefined
            ? `cost unknown: ${figure.unknownReason}`
            : basis === "agent"
              ? "no agent cost recorded"
              : "no cost recorded",
      });
    else if (run.success === null)
      missing.push({ id: run.id, name: run.name, reason: "no trajectory with a known outcome" });
    else placed.push({ id: run.id, name: run.name, cost, success: run.success * 100 });
  }
  const frontierIds = new Set(computeParetoFrontier(placed).map((point) => point.id));
  const points = placed.map((point) => ({ ...point, onFrontier: frontierIds.has(point.id) }));
  const frontier = points.filter((point) => point.onFrontier).sort((a, b) => a.cost - b.cost || a.success - b.success);
  return { basis, points, frontier, missing };
}
