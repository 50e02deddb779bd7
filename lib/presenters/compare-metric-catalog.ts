import {
  aggregateGoldHistory,
  computeBootstrappedRate,
  computeHolisticSuccess,
  computePassHatK,
  computeRecovery,
  computeToolWorkflowCompletion,
  computeTurnLimitRate,
  groupTaskCounts,
  withoutInfrastructureFailures,
  type GoldHistoryAggregate,
  type RunMetrics,
  type TrajectoryOutcome,
  type TurnScore,
} from "@/lib/metrics";
import type { MetricGroup } from "./compare-types";

interface MetricBase {
  key: string;
  label: string;
  format: "rate" | "score";
  higherIsBetter: boolean;
}

export interface GoldMetric extends MetricBase {
  group: "gold";
  field: Exclude<keyof GoldHistoryAggregate, "textTurns" | "toolTurns">;
}

export interface ClosedMetric extends MetricBase {
  group: "closed";
  /** The whole-run value, read from the metrics engine's output. */
  read: (metrics: Omit<RunMetrics, "stopReasons">) => number | null;
  /** The same metric over a set of trajectories, for paired resampling. */
  compute: (outcomes: readonly TrajectoryOutcome[]) => number | null;
}

export type CatalogMetric = GoldMetric | ClosedMetric;

function gold(field: GoldMetric["field"], label: string, format: GoldMetric["format"]): GoldMetric {
  return { key: field, field, label, format, group: "gold", higherIsBetter: true };
}

const GOLD: GoldMetric[] = [
  gold("rouge1F1", "ROUGE-1 F1 (text turns)", "score"),
  gold("allTurnSuccess", "Turn success, all turns (judge)", "rate"),
  gold("textTurnSuccess", "Turn success, text turns", "rate"),
  gold("toolTurnSuccess", "Turn success, tool turns", "rate"),
  gold("exactCallAccuracy", "Exact tool-call accuracy", "rate"),
  gold("argumentF1", "Argument F1", "score"),
];

function successRateOf(outcomes: readonly TrajectoryOutcome[]): number | null {
  const perTask = groupTaskCounts(outcomes).perTask;
  const n = perTask.reduce((sum, t) => sum + t.n, 0);
  return n === 0 ? null : perTask.reduce((sum, t) => sum + t.c, 0) / n;
}

function closed(key: string, label: string, read: ClosedMetric["read"], compute: ClosedMetric["compute"], higherIsBetter = true): ClosedMetric {
  return { key, label, read, compute, higherIsBetter, group: "closed", format: "rate" };
}

const SUCCESS = closed("successRate", "Workflow success (state + reply, or reward)", (m) => m.successRate.value, successRateOf);

const CLOSED_REST: ClosedMetric[] = [
  closed("toolWorkflowCompletion", "Tool-workflow completion", (m) => m.toolWorkflowCompletion.rate, (o) => computeToolWorkflowCompletion(o).rate),
  closed("holisticSuccess", "Holistic success (judge)", (m) => m.holisticSuccess.rate, (o) => computeHolisticSuccess(o).rate),
  closed(
    "goalCompletion",
    "Goal completion (judge)",
    (m) => m.proxyState.goalCompletion.value,
    // resamples: 0 skips the SE bootstrap: only the rate is needed inside the paired resampling.
    (o) => computeBootstrappedRate(withoutInfrastructureFailures(o), (t) => t.judge.goalCompleted, { resamples: 0 }).value,
  ),
  closed("recovery", "Recovery after tool errors", (m) => m.recovery.rate, (o) => computeRecovery(o).rate),
  closed("turnLimitRate", "Turn-limit stops", (m) => m.turnLimitRate.rate, (o) => computeTurnLimitRate(o).rate, false),
];

/** pass^k rows for k = 1..maxK, where maxK is the largest k any compared run defines. */
export function passHatKMetrics(maxK: number): ClosedMetric[] {
  return Array.from({ length: Math.max(0, maxK) }, (_, index) => {
    const k = index + 1;
    return closed(`passHatK${k}`, `pass^${k}`, (m) => m.passHatK[k] ?? null, (o) => computePassHatK(groupTaskCounts(o).perTask)[k] ?? null);
  });
}

export function goldStatistic(metric: GoldMetric): (turns: readonly TurnScore[]) => number | null {
  return (turns) => aggregateGoldHistory(turns)[metric.field];
}

export const GROUP_LABELS: Record<MetricGroup, string> = {
  gold: "Gold history (next turn, reference context)",
  closed: "Closed loop (whole workflow)",
};

export function buildMetricCatalog(maxK: number): CatalogMetric[] {
  return [...GOLD, SUCCESS, ...passHatKMetrics(maxK), ...CLOSED_REST];
}
