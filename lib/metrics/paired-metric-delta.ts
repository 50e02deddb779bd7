import { bootstrapPercentileInterval, DEFAULT_RESAMPLES, DEFAULT_SEED, type Statistic } from "./bootstrap";
import type { BootstrapOptions } from "./types";

/** The items (turn scores, trajectories) of one task in the baseline (a) and the candidate (b). */
export interface PairedTaskItems<T> {
  taskId: string;
  a: readonly T[];
  b: readonly T[];
}

export interface PairedMetricDelta {
  /** statistic(b pooled over shared tasks) - statistic(a pooled over shared tasks); null when either side is undefined. */
  delta: number | null;
  valueA: number | null;
  valueB: number | null;
  /** Percentile interval of the delta from resampling shared tasks; null when no resample gives a defined delta. */
  interval: { low: number; high: number } | null;
  /** True when the interval lies strictly on one side of zero. */
  excludesZero: boolean;
  /** Tasks with items on both sides. */
  tasks: number;
}

export interface PairedMetricDeltaOptions extends BootstrapOptions {
  level?: number;
}

function pooledDelta<T>(sample: readonly PairedTaskItems<T>[], statistic: Statistic<T>): number | null {
  const valueA = statistic(sample.flatMap((task) => task.a));
  const valueB = statistic(sample.flatMap((task) => task.b));
  return valueA === null || valueB === null ? null : valueB - valueA;
}

/**
 * Paired bootstrap of the difference of any pooled metric between two runs on
 * the same tasks: a resample draws tasks with replacement and keeps, for each
 * drawn task, both runs' own items (e.g. that run's turn scores), so the task
 * mix is identical on both sides and between-task variation cancels.
 * Tasks missing on either side are left out before anything is computed.
 */
export function computePairedMetricDelta<T>(
  tasks: readonly PairedTaskItems<T>[],
  statistic: Statistic<T>,
  options: PairedMetricDeltaOptions = {},
): PairedMetricDelta {
  const shared = tasks.filter((task) => task.a.length > 0 && task.b.length > 0);
  const valueA = statistic(shared.flatMap((task) => task.a));
  const valueB = statistic(shared.flatMap((task) => task.b));
  const delta = valueA === null || valueB === null ? null : valueB - valueA;
  const interval =
    delta === null
      ? null
      : bootstrapPercentileInterval(shared, (sample) => pooledDelta(sample, statistic), {
          resamples: options.resamples ?? DEFAULT_RESAMPLES,
          seed: options.seed ?? DEFAULT_SEED,
          level: options.level ?? 0.95,
        });
  const excludesZero = interval !== null && (interval.low > 0 || interval.high < 0);
  return { delta, valueA, valueB, interval, excludesZero, tasks: shared.length };
}
