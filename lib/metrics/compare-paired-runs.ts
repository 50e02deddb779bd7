import { bootstrapPercentileInterval, DEFAULT_SEED, INTERVAL_RESAMPLES, percentileInterval } from "./bootstrap";
import type { TaskTrialCounts } from "./compute-pass-hat-k";
import { createSeededRandom } from "./create-seeded-random";
import { groupDistinctRows, MULTINOMIAL_SHARE, resampleGroupMeans } from "./multinomial-resample";
import type { BootstrapOptions } from "./types";

export interface PairedTaskInput {
  taskId: string;
  /** Baseline run. */
  a: TaskTrialCounts;
  /** Candidate run. */
  b: TaskTrialCounts;
}

export interface PairedTaskDifference {
  taskId: string;
  rateA: number;
  rateB: number;
  /** rateB - rateA: positive means the candidate did better. */
  difference: number;
}

export interface TransitionCounts {
  bothPass: number;
  onlyA: number;
  onlyB: number;
  bothFail: number;
}

export interface PairedComparison {
  tasks: PairedTaskDifference[];
  /** Mean over shared tasks of rateB - rateA; null when no task is shared. */
  meanDifference: number | null;
  /** Percentile interval of the mean difference from resampling tasks. */
  interval: { low: number; high: number } | null;
  transitions: TransitionCounts;
  /** Exact two-sided McNemar p-value on the discordant tasks (onlyA vs onlyB). */
  mcnemarP: number;
  /** Tasks skipped because one side has no scored trial. */
  skippedTasks: number;
}

export interface PairedComparisonOptions extends BootstrapOptions {
  level?: number;
}

/** Majority pass: strictly more than half the trials succeeded; an exact tie (c/n = 0.5) is a fail. */
export function isMajorityPass(counts: TaskTrialCounts): boolean {
  return counts.n > 0 && counts.c / counts.n > 0.5;
}

/**
 * Exact McNemar test: under H0 each discordant pair is onlyA or onlyB with
 * probability 1/2. p = min(1, 2 * P(X <= min(b, c))), X ~ Binomial(b + c, 1/2).
 * Terms are built by a running ratio to stay finite for large counts.
 */
export function mcnemarExactP(onlyA: number, onlyB: number): number {
  const total = onlyA + onlyB;
  if (total === 0) return 1;
  const smaller = Math.min(onlyA, onlyB);
  // log(0.5^total) then multiply by C(total, i) incrementally, in log space.
  let logTerm = total * Math.log(0.5);
  let cumulative = Math.exp(logTerm);
  for (let i = 1; i <= smaller; i += 1) {
    logTerm += Math.log((total - i + 1) / i);
    cumulative += Math.exp(logTerm);
  }
  return Math.min(1, 2 * cumulative);
}

/**
 * Percentile interval of the mean per-task difference, resampling tasks. Differences of pass rates over k trials
 * take at most 2k + 1 values: when the tasks hold few distinct differences, each resample draws how many tasks of
 * each difference it holds (a multinomial, lib/metrics/multinomial-resample.ts) instead of n task indices; same
 * distribution, another random stream. Otherwise the generic index bootstrap.
 */
function meanDifferenceInterval(
  tasks: readonly PairedTaskDifference[],
  meanOf: (sample: readonly PairedTaskDifference[]) => number | null,
  options: { resamples: number; seed: number; level: number },
): { low: number; high: number } | null {
  const groups = groupDistinctRows([Float64Array.from(tasks, (t) => t.difference)]);
  if (tasks.length === 0 || groups.sizes.length * MULTINOMIAL_SHARE > tasks.length)
    return bootstrapPercentileInterval(tasks, meanOf, options);
  const means = resampleGroupMeans(groups, options.resamples, createSeededRandom(options.seed));
  return percentileInterval(means, options.level);
}

export function comparePairedRuns(
  input: readonly PairedTaskInput[],
  options: PairedComparisonOptions = {},
): PairedComparison {
  const shared = input.filter((t) => t.a.n > 0 && t.b.n > 0);
  const tasks = shared.map((t) => {
    const rateA = t.a.c / t.a.n;
    const rateB = t.b.c / t.b.n;
    return { taskId: t.taskId, rateA, rateB, difference: rateB - rateA };
  });
  const transitions: TransitionCounts = { bothPass: 0, onlyA: 0, onlyB: 0, bothFail: 0 };
  for (const t of shared) {
    const passA = isMajorityPass(t.a);
    const passB = isMajorityPass(t.b);
    if (passA && passB) transitions.bothPass += 1;
    else if (passA) transitions.onlyA += 1;
    else if (passB) transitions.onlyB += 1;
    else transitions.bothFail += 1;
  }
  const meanOf = (sample: readonly PairedTaskDifference[]) =>
    sample.length === 0 ? null : sample.reduce((sum, t) => sum + t.difference, 0) / sample.length;
  return {
    tasks,
    meanDifference: meanOf(tasks),
    interval: meanDifferenceInterval(tasks, meanOf, {
      resamples: options.resamples ?? INTERVAL_RESAMPLES,
      seed: options.seed ?? DEFAULT_SEED,
      level: options.level ?? 0.95,
    }),
    transitions,
    mcnemarP: mcnemarExactP(transitions.onlyA, transitions.onlyB),
    skippedTasks: input.length - shared.length,
  };
}
