import { wilsonInterval, type Interval } from "./compute-wilson-interval";

/** Successes and trials of one cluster (the trials of one task). */
export interface ClusterCount {
  successes: number;
  trials: number;
}

export interface ClusteredInterval extends Interval {
  /** Independent observations the clustered data is worth: trials / design effect, between the task count and the trial count. */
  effectiveN: number;
  /** Variance of the pooled rate with tasks as clusters over its variance as if every trial were independent (>= 1 after clamping). */
  designEffect: number;
}

/**
 * Wilson interval on an effective sample size: trials of one task are correlated
 * (same prompt, same state), so a 1-task x 20-trial run is worth one observation,
 * not twenty. The design effect is the cluster-robust (linearised ratio) variance
 * of the pooled rate, m/(m-1) · Σ(y_i − p·n_i)² / N², over the binomial p(1−p)/N.
 * effectiveN = N / deff, clamped to [m, N]: never more than the trials, never less
 * than one per task. Where the clustered variance cannot be estimated (one task,
 * or p = 0 or 1 so both variances vanish) the conservative effectiveN = m is used.
 * The Wilson formula takes the fractional (p·effectiveN, effectiveN).
 */
export function clusteredWilsonInterval(clusters: readonly ClusterCount[], z = 1.96): ClusteredInterval | null {
  const used = clusters.filter((c) => c.trials > 0);
  const m = used.length;
  const total = used.reduce((sum, c) => sum + c.trials, 0);
  if (m === 0 || total === 0) return null;
  const successes = used.reduce((sum, c) => sum + c.successes, 0);
  const p = successes / total;
  const binomialVariance = (p * (1 - p)) / total;
  let effectiveN = m;
  if (m >= 2 && binomialVariance > 0) {
    const squares = used.reduce((sum, c) => sum + (c.successes - p * c.trials) ** 2, 0);
    const clusterVariance = ((m / (m - 1)) * squares) / (total * total);
    effectiveN =
      clusterVariance > 0 ? Math.min(total, Math.max(m, (total * binomialVariance) / clusterVariance)) : total;
  }
  const interval = wilsonInterval(p * effectiveN, effectiveN, z);
  if (!interval) return null;
  return { ...interval, effectiveN, designEffect: total / effectiveN };
}
