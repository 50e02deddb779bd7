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
  // Resampling n trials with replacement from c successes and n - c failures gives Binomial(n, c/n)
  // successes: drawn from one uniform per task by its cumulative table, not n uniforms per task
  // (10,000 draws per resample for a 100-task x 100-trial run).
  // Beyond MAX_TABLE_TRIALS trials (1-p)^n can underflow, so such a task draws its trials one by one.
  const tables = used.map((t) => (t.n <= MAX_TABLE_TRIALS ? binomialCumulative(t.n, t.c / t.n) : null));
  const rates: number[] = [];
  for (let r = 0; r < resamples; r += 1) {
    let total = 0;
    for (let k = 0; k < used.length; k += 1) {
      const table = tables[k];
      const task = used[k];
      if (!task) continue;
      if (table) total += drawFromCumulative(table, random()) / task.n;
      else {
        let successes = 0;
        for (let i = 0; i < task.n; i += 1) if (random() * task.n < task.c) successes += 1;
        total += successes / task.n;
      }
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

const MAX_TABLE_TRIALS = 1000;

/** P(X <= j) for X ~ Binomial(n, p), j = 0..n; the last entry is exactly 1. */
function binomialCumulative(n: number, p: number): Float64Array {
  const table = new Float64Array(n + 1);
  if (p <= 0) table.fill(1);
  else if (p >= 1) table[n] = 1;
  else {
    // pmf(j+1) = pmf(j) * (n-j)/(j+1) * p/(1-p), from pmf(0) = (1-p)^n.
    let pmf = Math.pow(1 - p, n);
    let cumulative = 0;
    for (let j = 0; j <= n; j += 1) {
      cumulative += pmf;
      table[j] = cumulative;
      pmf *= ((n - j) / (j + 1)) * (p / (1 - p));
    }
    table[n] = 1;
  }
  return table;
}

/** The smallest j with u < table[j] (binary search). */
function drawFromCumulative(table: Float64Array, u: number): number {
  let low = 0;
  let high = table.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (u < (table[middle] ?? 1)) high = middle;
    else low = middle + 1;
  }
  return low;
}
