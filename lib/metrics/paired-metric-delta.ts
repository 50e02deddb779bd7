import { bootstrapPercentileInterval, DEFAULT_SEED, INTERVAL_RESAMPLES } from "./bootstrap";
import type { BootstrapOptions } from "./types";

/**
 * One task's share of a pooled metric: the metric over a set of tasks is
 * sum(numerator) / sum(denominator). Rates give (hits, eligible), means give
 * (sum, count), per-task averages such as pass^k give (value, 1).
 * null: the metric is undefined for any set that contains this task (pass^k
 * for a task with fewer than k trials).
 */
export interface TaskRatio {
  numerator: number;
  denominator: number;
}

/** A task both runs ran, with each run's own ratio (baseline a, candidate b). */
export interface PairedTaskRatios {
  taskId: string;
  a: TaskRatio | null;
  b: TaskRatio | null;
}

export interface PairedMetricDelta {
  /** pooled(b) - pooled(a) over the shared tasks; null when either side is undefined. */
  delta: number | null;
  valueA: number | null;
  valueB: number | null;
  /** Percentile interval of the delta from resampling shared tasks; null when no resample gives a defined delta. */
  interval: { low: number; high: number } | null;
  /** True when the interval lies strictly on one side of zero. */
  excludesZero: boolean;
  /** Shared tasks the delta is computed over. */
  tasks: number;
}

export interface PairedMetricDeltaOptions extends BootstrapOptions {
  level?: number;
}

/** sum(numerator) / sum(denominator); null when the denominator is 0 or any task is undefined. */
export function poolRatios(ratios: readonly (TaskRatio | null)[]): number | null {
  let numerator = 0;
  let denominator = 0;
  for (const ratio of ratios) {
    if (ratio === null) return null;
    numerator += ratio.numerator;
    denominator += ratio.denominator;
  }
  return denominator === 0 ? null : numerator / denominator;
}

function pooledDelta(sample: readonly PairedTaskRatios[]): number | null {
  const valueA = poolRatios(sample.map((task) => task.a));
  const valueB = poolRatios(sample.map((task) => task.b));
  return valueA === null || valueB === null ? null : valueB - valueA;
}

/**
 * Paired bootstrap of the difference of a pooled metric between two runs on
 * the same tasks: a resample draws tasks with replacement and keeps, for each
 * drawn task, both runs' own ratios (from that run's turn scores or
 * trajectories), so the task mix is identical on both sides and between-task
 * variation cancels. Callers pass only tasks both runs ran.
 */
export function computePairedMetricDelta(
  tasks: readonly PairedTaskRatios[],
  options: PairedMetricDeltaOptions = {},
): PairedMetricDelta {
  const valueA = poolRatios(tasks.map((task) => task.a));
  const valueB = poolRatios(tasks.map((task) => task.b));
  const delta = valueA === null || valueB === null ? null : valueB - valueA;
  const interval =
    delta === null
      ? null
      : bootstrapPercentileInterval(tasks, pooledDelta, {
          resamples: options.resamples ?? INTERVAL_RESAMPLES,
          seed: options.seed ?? DEFAULT_SEED,
          level: options.level ?? 0.95,
        });
  const excludesZero = interval !== null && (interval.low > 0 || interval.high < 0);
  return { delta, valueA, valueB, interval, excludesZero, tasks: tasks.length };
}
