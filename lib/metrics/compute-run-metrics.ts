import { aggregateGoldHistory } from "./aggregate-gold-history";
import { clusterBootstrapShareStandardError } from "./bootstrap";
import { computeErrorPropagation } from "./compute-error-propagation";
import { computePassAtK, computePassHatK, groupTaskCounts } from "./compute-pass-hat-k";
import { computeProxyStateRates } from "./compute-proxy-state-rates";
import { computeStrata } from "./compute-strata";
import { clusteredWilsonInterval } from "./compute-clustered-wilson-interval";
import {
  computeHolisticSuccess,
  computeRecovery,
  computeToolWorkflowCompletion,
  withoutInfrastructureFailures,
} from "./compute-workflow-rates";
import { isTrajectorySuccess } from "./is-trajectory-success";
import { computeTurnLimitRate, summarizeStopReasons } from "./summarize-stop-reasons";
import type { BootstrapOptions, TrajectoryOutcome, TurnScore } from "./types";
import type { SuccessRate, RunMetrics } from "@/lib/contracts/run-metric-results";
export type { SuccessRate, RunMetrics } from "@/lib/contracts/run-metric-results";

export interface RunMetricsOptions extends BootstrapOptions {
  /** Normal quantile for Wilson intervals; default 1.96 (95%). */
  z?: number;
}

function trialsPerTask(trajectories: readonly TrajectoryOutcome[]): { min: number | null; max: number | null } {
  const counts = new Map<string, number>();
  for (const t of trajectories) counts.set(t.taskId, (counts.get(t.taskId) ?? 0) + 1);
  if (counts.size === 0) return { min: null, max: null };
  const values = [...counts.values()];
  return { min: Math.min(...values), max: Math.max(...values) };
}

function computeSuccessRate(scored: readonly TrajectoryOutcome[], options: RunMetricsOptions): SuccessRate {
  const known = scored
    .map((t) => ({ taskId: t.taskId, success: isTrajectorySuccess(t) }))
    .filter((k) => k.success !== null);
  const successes = known.filter((k) => k.success === true).length;
  const perTask = new Map<string, { successes: number; trials: number }>();
  for (const k of known) {
    const cluster = perTask.get(k.taskId) ?? { successes: 0, trials: 0 };
    cluster.trials += 1;
    if (k.success === true) cluster.successes += 1;
    perTask.set(k.taskId, cluster);
  }
  const interval = clusteredWilsonInterval([...perTask.values()], options.z ?? 1.96);
  return {
    value: known.length > 0 ? successes / known.length : null,
    se:
      known.length > 0
        ? clusterBootstrapShareStandardError(
            known,
            (k) => k.taskId,
            (k) => k.success === true,
            options,
          )
        : null,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
    effectiveN: interval?.effectiveN ?? null,
    n: known.length,
    successes,
  };
}

/**
 * Every run-level figure the dashboard shows, from per-trajectory outcomes and
 * per-turn gold-history scores. Infrastructure failures count in
 * `trajectories`, `tasks`, `trialsPerTask`, `excluded` and `stopReasons` only.
 */
export function computeRunMetrics(
  trajectories: readonly TrajectoryOutcome[],
  turns: readonly TurnScore[],
  options: RunMetricsOptions = {},
): RunMetrics {
  const scored = withoutInfrastructureFailures(trajectories);
  const grouped = groupTaskCounts(trajectories);
  const rewards = scored.map((t) => t.reward).filter((r): r is number => r !== null);
  const bootstrap = { resamples: options.resamples, seed: options.seed };
  return {
    trajectories: trajectories.length,
    tasks: new Set(trajectories.map((t) => t.taskId)).size,
    trialsPerTask: trialsPerTask(trajectories),
    meanReward: rewards.length > 0 ? rewards.reduce((sum, r) => sum + r, 0) / rewards.length : null,
    successRate: computeSuccessRate(scored, options),
    passHatK: computePassHatK(grouped.perTask),
    passAtK: computePassAtK(grouped.perTask),
    excluded: grouped.excluded,
    stopReasons: summarizeStopReasons(trajectories),
    turnLimitRate: computeTurnLimitRate(trajectories),
    recovery: computeRecovery(trajectories),
    toolWorkflowCompletion: computeToolWorkflowCompletion(trajectories),
    holisticSuccess: computeHolisticSuccess(trajectories),
    goldHistory: aggregateGoldHistory(turns),
    proxyState: computeProxyStateRates(trajectories, bootstrap),
    strata: computeStrata(trajectories, options.z ?? 1.96),
    errorPropagation: computeErrorPropagation(trajectories),
  };
}
