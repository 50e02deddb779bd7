import { quantileInterval, DEFAULT_SEED } from "./bootstrap";
import { isMajorityPass, mcnemarExactP, type PairedTaskInput, type TransitionCounts } from "./compare-paired-runs";
import { createSeededRandom, drawIndex } from "./create-seeded-random";
import type { BootstrapOptions } from "./types";

/** Resamples of the pooled effect: enough that the 2.5% and 97.5% quantiles move by well under a point between seeds. */
export const STRATIFIED_RESAMPLES = 10_000;

/** One stratum (a suite and setting) of base/candidate tasks; tasks with no scored trial on either side are ignored. */
export interface PairedStratum {
  stratum: string;
  tasks: readonly PairedTaskInput[];
}

export interface StratifiedPairedEffect {
  /** Mean over every shared task of every stratum of (candidate rate - base rate); null without a shared task. */
  estimate: number | null;
  /** Percentile interval from resampling tasks within each stratum (stratum sizes fixed). */
  low: number | null;
  high: number | null;
  /** Stratified exact McNemar p on the discordant tasks of all strata; null without a shared task. */
  p: number | null;
  transitions: TransitionCounts;
  tasks: number;
  strata: number;
  resamples: number;
}

export interface StratifiedPairedEffectOptions extends BootstrapOptions {
  level?: number;
}

function taskDifference(task: PairedTaskInput): number {
  return task.b.c / task.b.n - task.a.c / task.a.n;
}

function countTransitions(tasks: readonly PairedTaskInput[]): TransitionCounts {
  const counts: TransitionCounts = { bothPass: 0, onlyA: 0, onlyB: 0, bothFail: 0 };
  for (const task of tasks) {
    const passA = isMajorityPass(task.a);
    const passB = isMajorityPass(task.b);
    if (passA && passB) counts.bothPass += 1;
    else if (passA) counts.onlyA += 1;
    else if (passB) counts.onlyB += 1;
    else counts.bothFail += 1;
  }
  return counts;
}

/**
 * The candidate's effect over several domains at once. Each shared task weighs the same, so the estimate is
 * sum_s n_s * delta_s / N. The bootstrap keeps each stratum's task count n_s fixed and resamples tasks inside
 * it: domains differ a lot in base success, and letting their share drift would add variance the design does
 * not have. The test conditions on the discordant tasks: under H0 (no effect in any domain) each is a
 * fair coin whichever domain it is in, so the stratified exact McNemar test is the exact binomial test
 * on all discordant tasks pooled (for matched pairs this is also what Cochran-Mantel-Haenszel reduces to).
 */
export function computeStratifiedPairedEffect(
  strata: readonly PairedStratum[],
  options: StratifiedPairedEffectOptions = {},
): StratifiedPairedEffect {
  const resamples = options.resamples ?? STRATIFIED_RESAMPLES;
  const shared = strata
    .map((stratum) => stratum.tasks.filter((task) => task.a.n > 0 && task.b.n > 0))
    .filter((tasks) => tasks.length > 0);
  const differences = shared.map((tasks) => tasks.map(taskDifference));
  const transitions = countTransitions(shared.flat());
  const total = differences.reduce((sum, values) => sum + values.length, 0);
  const empty = { estimate: null, low: null, high: null, p: null, transitions, tasks: 0, strata: 0, resamples };
  if (total === 0) return empty;
  const estimate = differences.flat().reduce((sum, value) => sum + value, 0) / total;

  const random = createSeededRandom(options.seed ?? DEFAULT_SEED);
  const values: number[] = new Array<number>(resamples);
  for (let r = 0; r < resamples; r += 1) {
    let sum = 0;
    for (const stratum of differences) {
      for (let i = 0; i < stratum.length; i += 1) sum += stratum[drawIndex(random, stratum.length)] ?? 0;
    }
    values[r] = sum / total;
  }
  values.sort((a, b) => a - b);
  return {
    estimate,
    ...quantileInterval(values, options.level ?? 0.95),
    p: mcnemarExactP(transitions.onlyA, transitions.onlyB),
    transitions,
    tasks: total,
    strata: differences.length,
    resamples,
  };
}
