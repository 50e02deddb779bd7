/**
 * Binomial(m, p) as a cumulative table over the values that carry its mass, for drawing with one uniform.
 * Built outward from the mode by the ratio pmf(j+1)/pmf(j) = (m-j)/(j+1) · p/(1-p), so nothing underflows
 * whatever m is (starting from (1-p)^m does, beyond about a thousand trials); the tails dropped beyond 1e-18 of
 * the mode's probability weigh less than 1e-15 together, well under the resolution of one uniform draw.
 */
export interface BinomialTable {
  /** The value of the table's first entry. */
  offset: number;
  /** P(X <= offset + i | X within the table), the last entry exactly 1. */
  cumulative: Float64Array;
}

const NEGLIGIBLE = 1e-18;

/** Reused between calls (tables are built often and briefly): the weights above and below the mode. */
let above = new Float64Array(64);
let below = new Float64Array(64);

export function binomialTable(m: number, p: number): BinomialTable {
  if (m <= 0 || p <= 0) return { offset: 0, cumulative: Float64Array.of(1) };
  if (p >= 1) return { offset: m, cumulative: Float64Array.of(1) };
  const mode = Math.min(m, Math.floor((m + 1) * p));
  const odds = p / (1 - p);
  if (above.length < m + 1) {
    above = new Float64Array(2 * (m + 1));
    below = new Float64Array(2 * (m + 1));
  }
  let upCount = 0;
  for (let j = mode, pmf = 1; j < m; j += 1) {
    pmf *= ((m - j) / (j + 1)) * odds;
    if (pmf < NEGLIGIBLE) break;
    above[upCount] = pmf;
    upCount += 1;
  }
  let downCount = 0;
  for (let j = mode, pmf = 1; j > 0; j -= 1) {
    pmf *= j / (m - j + 1) / odds;
    if (pmf < NEGLIGIBLE) break;
    below[downCount] = pmf;
    downCount += 1;
  }
  const size = downCount + 1 + upCount;
  const cumulative = new Float64Array(size);
  let running = 0;
  for (let i = 0; i < size; i += 1) {
    // Entries run from the lowest value kept (below[downCount - 1]) through the mode (weight 1) upward.
    running += i < downCount ? (below[downCount - 1 - i] ?? 0) : i === downCount ? 1 : (above[i - downCount - 1] ?? 0);
    cumulative[i] = running;
  }
  for (let i = 0; i < size; i += 1) cumulative[i] = (cumulative[i] ?? 0) / running;
  cumulative[size - 1] = 1;
  return { offset: mode - downCount, cumulative };
}

/** The value whose cumulative entry is the first above `u` (a uniform in [0, 1)), by binary search. */
export function drawFromTable(table: BinomialTable, u: number): number {
  const { cumulative } = table;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (u < (cumulative[middle] ?? 1)) high = middle;
    else low = middle + 1;
  }
  return table.offset + low;
}
