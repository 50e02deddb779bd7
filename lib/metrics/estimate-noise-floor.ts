import { sampleStandardDeviation, DEFAULT_RESAMPLES, DEFAULT_SEED } from "./bootstrap";
import type { TaskTrialCounts } from "./compute-pass-hat-k";
import { createSeededRandom } from "./create-seeded-random";
import type { BootstrapOptions } from "./types";

export interface NoiseFloor {
  /**
   * Analytic SD of the run-level success rate (mean over tasks of c/n) from
   * trial-to-trial variation alone: sqrt(sum_t p_t(1-p_t)/(n_t-1)) / T, where
   * p_t(1-p_t)·n_t/(n_t-1) is the unbiased per-task Bernoulli variance.
   */
  sd: number | null;
  /** Same quantity from a within-task trial bootstrap (plug-in, so slightly smaller by ~(n-1)/n). */
  bootstrapSd: number | null;
  /** SD of the difference between two independent runs of equal size: sqrt(2) * sd. */
  differenceSd: number | null;
  /** Tasks used (n >= 2). */
  tasks: number;
  /** Tasks skipped because a single trial carries no trial-to-trial variation. */
  skippedTasks: number;
}

/**
 * How much the run-level success rate moves when only trial randomness
 * changes and the task set is fixed. A difference between two runs smaller
 * than ~2·differenceSd is within the noise of re-running the baseline.
 */
export function estimateNoiseFloor(perTask: readonly TaskTrialCounts[], options: BootstrapOptions = {}): NoiseFloor {
  const used = perTask.filter((t) => t.n >= 2);
  const skippedTasks = perTask.length - used.length;
  if (used.length === 0) return { sd: null, bootstrapSd: null, differenceSd: null, tasks: 0, skippedTasks };
  const taskCount = used.length;
  const variance = used.reduce((sum, t) => {
    const p = t.c / t.n;
    return sum + (p * (1 - p)) / (t.n - 1);
  }, 0);
  const sd = Math.sqrt(variance) / taskCount;

  const random = createSeededRandom(options.seed ?? DEFAULT_SEED);
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const rates: number[] = [];
  for (let r = 0; r < resamples; r += 1) {
    let total = 0;
    for (const t of used) {
      // Resampling n trials with replacement from c successes and n - c failures.
      let successes = 0;
      for (let i = 0; i < t.n; i += 1) if (random() * t.n < t.c) successes += 1;
      total += successes / t.n;
    }
    rates.push(total / taskCount);
  }
  return {
    sd,
    bootstrapSd: sampleStandardDeviation(rates),
    differenceSd: Math.SQRT2 * sd,
    tasks: taskCount,
    skippedTasks,
  };
}
