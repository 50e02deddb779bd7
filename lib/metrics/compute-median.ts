/**
 * Median of finite numbers: the middle value, or the mean of the two middle values for an even count.
 * Non-finite values are left out; null when nothing is left (shown as "n/a", never 0).
 */
export function computeMedian(values: readonly number[]): number | null {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return null;
  const mid = Math.floor(n / 2);
  const upper = sorted[mid] ?? 0;
  return n % 2 === 1 ? upper : ((sorted[mid - 1] ?? 0) + upper) / 2;
}
