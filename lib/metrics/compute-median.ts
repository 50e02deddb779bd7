import { quantile } from "./bootstrap";

/**
 * Median of finite numbers: the middle value, or the mean of the two middle values for an even count (the shared
 * quantile at 0.5). Non-finite values are left out; null when nothing is left (shown as "n/a", never 0).
 */
export function computeMedian(values: readonly number[]): number | null {
  return quantile(
    values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b),
    0.5,
  );
}
