import type { WilsonRate } from "./types";

export interface Interval {
  low: number;
  high: number;
}

/**
 * Wilson score interval. Chosen over the normal approximation because run
 * sizes are small (tens of tasks) and rates sit near 0 or 1, where the Wald
 * interval collapses to zero width or leaves [0, 1].
 */
export function wilsonInterval(successes: number, n: number, z = 1.96): Interval | null {
  if (n <= 0) return null;
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

export function toWilsonRate(count: number, n: number, z = 1.96): WilsonRate {
  const interval = wilsonInterval(count, n, z);
  return {
    count,
    n,
    value: n > 0 ? count / n : null,
    low: interval ? interval.low : null,
    high: interval ? interval.high : null,
  };
}
