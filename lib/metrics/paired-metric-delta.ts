import { DEFAULT_SEED, INTERVAL_RESAMPLES, percentileInterval } from "./bootstrap";
import { createSeededRandom, drawIndex } from "./create-seeded-random";
import {
  createMultinomialResampler,
  groupDistinctRows,
  MULTINOMIAL_SHARE,
  type DistinctRows,
} from "./multinomial-resample";
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

/**
 * The paired bootstrap's percentile interval over typed arrays of the tasks' four sums. With many distinct tasks
 * it draws the same indices from the same seeded stream and sums in the same order as a generic
 * bootstrapPercentileInterval over the task objects would, so intervals are bit-identical; it only skips building
 * a sample array and two pools per resample (10,000 resamples x every metric of a /compare pair made that the
 * page's main cost). With few distinct tasks (pass rates of a few trials, pass^k at large k, binary judge rates)
 * it draws how often each distinct task was drawn instead (multinomialDeltaValues). Every ratio is non-null here.
 */
function pairedDeltaInterval(
  tasks: readonly { a: TaskRatio; b: TaskRatio }[],
  { resamples, seed, level }: { resamples: number; seed: number; level: number },
): { low: number; high: number } | null {
  const n = tasks.length;
  const columns = [
    Float64Array.from(tasks, (task) => task.a.numerator),
    Float64Array.from(tasks, (task) => task.a.denominator),
    Float64Array.from(tasks, (task) => task.b.numerator),
    Float64Array.from(tasks, (task) => task.b.denominator),
  ];
  const groups = groupDistinctRows(columns);
  if (groups.sizes.length * MULTINOMIAL_SHARE <= n) {
    return percentileInterval(multinomialDeltaValues(groups, resamples, seed), level);
  }
  const [numeratorA, denominatorA, numeratorB, denominatorB] = columns;
  if (!numeratorA || !denominatorA || !numeratorB || !denominatorB) return null;
  const drawn = drawnIndices(seed, n, resamples);
  // Used only when the draws are too many to keep.
  const random = createSeededRandom(seed);
  const values = new Float64Array(resamples);
  let kept = 0;
  for (let r = 0; r < resamples; r += 1) {
    let sumNumeratorA = 0;
    let sumDenominatorA = 0;
    let sumNumeratorB = 0;
    let sumDenominatorB = 0;
    const offset = r * n;
    for (let i = 0; i < n; i += 1) {
      const picked = drawn ? (drawn[offset + i] ?? 0) : drawIndex(random, n);
      sumNumeratorA += numeratorA[picked] ?? 0;
      sumDenominatorA += denominatorA[picked] ?? 0;
      sumNumeratorB += numeratorB[picked] ?? 0;
      sumDenominatorB += denominatorB[picked] ?? 0;
    }
    if (sumDenominatorA === 0 || sumDenominatorB === 0) continue;
    const value = sumNumeratorB / sumDenominatorB - sumNumeratorA / sumDenominatorA;
    if (Number.isFinite(value)) values[kept++] = value;
  }
  return percentileInterval(values.subarray(0, kept), level);
}

/**
 * Resampled deltas when tasks fall in few distinct groups: drawing n tasks with replacement gives each group's
 * count as Multinomial(n, group sizes / n), and the pooled sums are count x value per group. Same distribution as
 * drawing task indices; another random stream (seeded the same way, so still reproducible).
 */
function multinomialDeltaValues(groups: DistinctRows, resamples: number, seed: number): Float64Array {
  const [numeratorA, denominatorA, numeratorB, denominatorB] = groups.columns;
  const values = new Float64Array(resamples);
  if (!numeratorA || !denominatorA || !numeratorB || !denominatorB) return values.subarray(0, 0);
  const draw = createMultinomialResampler(groups.sizes, createSeededRandom(seed));
  const counts = new Float64Array(groups.sizes.length);
  let kept = 0;
  for (let r = 0; r < resamples; r += 1) {
    draw(counts);
    let sumNumeratorA = 0;
    let sumDenominatorA = 0;
    let sumNumeratorB = 0;
    let sumDenominatorB = 0;
    for (let g = 0; g < counts.length; g += 1) {
      const count = counts[g] ?? 0;
      if (count === 0) continue;
      sumNumeratorA += count * (numeratorA[g] ?? 0);
      sumDenominatorA += count * (denominatorA[g] ?? 0);
      sumNumeratorB += count * (numeratorB[g] ?? 0);
      sumDenominatorB += count * (denominatorB[g] ?? 0);
    }
    if (sumDenominatorA === 0 || sumDenominatorB === 0) continue;
    const value = sumNumeratorB / sumDenominatorB - sumNumeratorA / sumDenominatorA;
    if (Number.isFinite(value)) values[kept++] = value;
  }
  return values.subarray(0, kept);
}

/** Index draws kept at most (4 M indices, 16 MB): a 100-task pair at 10,000 resamples needs 1 M. */
const MAX_KEPT_DRAWS = 4_000_000;
let keptDraws: { seed: number; n: number; resamples: number; indices: Int32Array } | null = null;

/**
 * Every metric of a pair resamples the same n tasks from the same seed, so the indices are drawn once and
 * reused (the draws, not the sums, were most of each metric's cost); null when there are too many to keep.
 */
function drawnIndices(seed: number, n: number, resamples: number): Int32Array | null {
  if (n * resamples > MAX_KEPT_DRAWS) return null;
  if (keptDraws?.seed === seed && keptDraws.n === n && keptDraws.resamples === resamples) return keptDraws.indices;
  const random = createSeededRandom(seed);
  const indices = new Int32Array(n * resamples);
  for (let i = 0; i < indices.length; i += 1) indices[i] = drawIndex(random, n);
  keptDraws = { seed, n, resamples, indices };
  return indices;
}

function bothDefined(tasks: readonly PairedTaskRatios[]): { a: TaskRatio; b: TaskRatio }[] | null {
  const defined: { a: TaskRatio; b: TaskRatio }[] = [];
  for (const task of tasks) {
    if (task.a === null || task.b === null) return null;
    defined.push({ a: task.a, b: task.b });
  }
  return defined;
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
  // A defined delta means no task is undefined on either side (poolRatios is null otherwise).
  const defined = delta === null ? null : bothDefined(tasks);
  const interval =
    defined === null || tasks.length === 0
      ? null
      : pairedDeltaInterval(defined, {
          resamples: options.resamples ?? INTERVAL_RESAMPLES,
          seed: options.seed ?? DEFAULT_SEED,
          level: options.level ?? 0.95,
        });
  const excludesZero = interval !== null && (interval.low > 0 || interval.high < 0);
  return { delta, valueA, valueB, interval, excludesZero, tasks: tasks.length };
}
