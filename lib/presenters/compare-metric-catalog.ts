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
import type { TaskRatio } from "@/lib/metrics/paired-metric-delta";
import type { MetricGroup } from "./compare-types";
import { METRIC_GROUP_LABELS, metricSpec } from "@/lib/metrics/registry";
import { choosePassKColumns } from "./leaderboard-metrics";

interface MetricBase {
  key: string;
  label: string;
  format: "rate" | "score";
  higherIsBetter: boolean;
}

type GoldField = Exclude<keyof GoldHistoryAggregate, "textTurns" | "toolTurns">;

export interface GoldMetric extends MetricBase {
  group: "gold";
  field: GoldField;
  /** One task's (sum, count) of the metric over that run's turn scores of the task. */
  taskRatio: (turns: readonly TurnScore[]) => TaskRatio;
}

export interface ClosedMetric extends MetricBase {
  group: "closed";
  /** The whole-run value, read from the metrics engine's output. */
  read: (metrics: Omit<RunMetrics, "stopReasons">) => number | null;
  /** One task's share of the metric over that run's trajectories of the task (see TaskRatio). */
  taskRatio: (outcomes: readonly TrajectoryOutcome[]) => TaskRatio | null;
}

export type CatalogMetric = GoldMetric | ClosedMetric;

/**
 * The turns each gold-history field averages over, as documented for
 * aggregateGoldHistory (docs/metrics.md); compare-metric-catalog.test.ts checks
 * that pooling these ratios reproduces aggregateGoldHistory exactly.
 */
const GOLD_ELIGIBLE: Record<GoldField, (turn: TurnScore) => boolean> = {
  rouge1F1: (t) => t.kind === "text" && t.rouge1F1 !== null,
  allTurnSuccess: (t) => t.judgeSuccess !== null,
  textTurnSuccess: (t) => t.kind === "text" && t.judgeSuccess !== null,
  toolTurnSuccess: (t) => t.kind === "tool" && t.judgeSuccess !== null,
  exactCallAccuracy: (t) => t.kind === "tool" && t.exactMatch !== null,
  argumentF1: (t) => t.kind === "tool" && t.argumentF1 !== null,
};

/** Every metric shown here is a fraction in the registry, so comparisons show percentages and point deltas. */
function formatOf(key: string): MetricBase["format"] {
  return metricSpec(key).unit === "fraction" ? "rate" : "score";
}

function gold(field: GoldField): GoldMetric {
  const { label, direction } = metricSpec(field);
  const taskRatio = (turns: readonly TurnScore[]): TaskRatio => {
    const denominator = turns.filter(GOLD_ELIGIBLE[field]).length;
    const value = aggregateGoldHistory(turns)[field];
    return { numerator: value === null ? 0 : value * denominator, denominator };
  };
  return {
    key: field,
    field,
    label,
    format: formatOf(field),
    group: "gold",
    higherIsBetter: direction === "higher",
    taskRatio,
  };
}

const GOLD: GoldMetric[] = [
  gold("rouge1F1"),
  gold("allTurnSuccess"),
  gold("textTurnSuccess"),
  gold("toolTurnSuccess"),
  gold("exactCallAccuracy"),
  gold("argumentF1"),
];

const ratio = (numerator: number, denominator: number): TaskRatio => ({ numerator, denominator });

function closed(key: string, read: ClosedMetric["read"], taskRatio: ClosedMetric["taskRatio"]): ClosedMetric {
  const { label, direction } = metricSpec(key);
  return {
    key,
    label,
    read,
    taskRatio,
    higherIsBetter: direction === "higher",
    group: "closed",
    format: formatOf(key),
  };
}

function successRatio(outcomes: readonly TrajectoryOutcome[]): TaskRatio {
  const perTask = groupTaskCounts(outcomes).perTask;
  return ratio(
    perTask.reduce((sum, t) => sum + t.c, 0),
    perTask.reduce((sum, t) => sum + t.n, 0),
  );
}

const SUCCESS = closed("successRate", (m) => m.successRate.value, successRatio);

const CLOSED_REST: ClosedMetric[] = [
  closed(
    "toolWorkflowCompletion",
    (m) => m.toolWorkflowCompletion.rate,
    (o) => {
      const r = computeToolWorkflowCompletion(o);
      return ratio(r.count, r.eligible);
    },
  ),
  closed(
    "holisticSuccess",
    (m) => m.holisticSuccess.rate,
    (o) => {
      const r = computeHolisticSuccess(o);
      return ratio(r.count, r.eligible);
    },
  ),
  closed(
    "goalCompletion",
    (m) => m.proxyState.goalCompletion.value,
    (o) => {
      // resamples: 0 skips the SE bootstrap: only the counts are needed.
      const r = computeBootstrappedRate(withoutInfrastructureFailures(o), (t) => t.judge.goalCompleted, {
        resamples: 0,
      });
      return ratio(r.count, r.n);
    },
  ),
  closed(
    "recovery",
    (m) => m.recovery.rate,
    (o) => {
      const r = computeRecovery(o);
      return ratio(r.recovered, r.errorTrajectories);
    },
  ),
  closed(
    "turnLimitRate",
    (m) => m.turnLimitRate.rate,
    (o) => {
      const r = computeTurnLimitRate(o);
      return ratio(r.count, r.n);
    },
  ),
];

/**
 * pass^k rows for the k the leaderboard shows (1-5, 10, 20, 50, 100, ... up to maxK): one row per k
 * of a 100-trial run meant 100 rows, each with a 10,000-resample paired bootstrap (most of the
 * /compare time). pass^k is a mean over tasks, so each scored
 * task contributes (its pass^k, 1); a task with fewer than k scored trials
 * makes pass^k undefined (null), as in computePassHatK.
 */
export function passHatKMetrics(maxK: number): ClosedMetric[] {
  // Every k reads the same task's pass^k curve: computed once per task's outcomes, not once per k.
  const curves = new WeakMap<readonly TrajectoryOutcome[], Record<number, number | null> | null>();
  const curveOf = (outcomes: readonly TrajectoryOutcome[]) => {
    let curve = curves.get(outcomes);
    if (curve === undefined) {
      const perTask = groupTaskCounts(outcomes).perTask;
      curve = perTask.length === 0 ? null : computePassHatK(perTask);
      curves.set(outcomes, curve);
    }
    return curve;
  };
  return choosePassKColumns(maxK).map((k) => {
    return closed(
      `passHatK${k}`,
      (m) => m.passHatK[k] ?? null,
      (o) => {
        const curve = curveOf(o);
        if (curve === null) return ratio(0, 0);
        const value = curve[k];
        return value === undefined || value === null ? null : ratio(value, 1);
      },
    );
  });
}

export const GROUP_LABELS: Record<MetricGroup, string> = {
  gold: METRIC_GROUP_LABELS.gold,
  closed: METRIC_GROUP_LABELS.closed,
};

export function buildMetricCatalog(maxK: number): CatalogMetric[] {
  return [...GOLD, SUCCESS, ...passHatKMetrics(maxK), ...CLOSED_REST];
}
