import { binomialTable, drawFromTable, type BinomialTable } from "./binomial-table";

/**
 * Resamples are drawn as multinomial group counts when the n items fall in at most n / MULTINOMIAL_SHARE distinct
 * groups: per resample a group costs a binary search and a few multiplications, an item a drawn index and a few
 * additions, so with fewer groups than this the multinomial is cheaper.
 */
export const MULTINOMIAL_SHARE = 8;

/** Items grouped by identical rows: each column's value per group, and how many items each group holds. */
export interface DistinctRows {
  columns: Float64Array[];
  sizes: Int32Array;
}

/**
 * Groups items (row i = the i-th entry of every column) by identical values, groups in order of first appearance.
 * A resample statistic that depends on the drawn items only through sums of these columns is a function of how
 * often each group was drawn.
 */
export function groupDistinctRows(columns: readonly Float64Array[]): DistinctRows {
  const n = columns[0]?.length ?? 0;
  const groupOf = new Map<string, number>();
  const first: number[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < n; i += 1) {
    // Number-to-string is exact for doubles (the shortest text that reads back as the same value).
    const key = columns.map((column) => column[i] ?? 0).join(",");
    const group = groupOf.get(key);
    if (group === undefined) {
      groupOf.set(key, sizes.length);
      first.push(i);
      sizes.push(1);
    } else sizes[group] = (sizes[group] ?? 0) + 1;
  }
  return {
    columns: columns.map((column) => Float64Array.from(first, (i) => column[i] ?? 0)),
    sizes: Int32Array.from(sizes),
  };
}

/**
 * Draws how many of n items fall in each group when n items are drawn with replacement (group g holding sizes[g]
 * of them): Multinomial(n, sizes / n), one group after another as a binomial of what is left, one uniform per
 * group until nothing is left; the last group takes the rest. Binomial tables are built once per (group, items
 * left) and kept. A resample then costs the number of groups, not of items: same distribution as drawing n item
 * indices, not the same random stream.
 */
export function createMultinomialResampler(sizes: Int32Array, random: () => number): (counts: Float64Array) => void {
  const groups = sizes.length;
  const n = sizes.reduce((sum, size) => sum + size, 0);
  // tail[g]: items in groups g, g+1, ...; the share of group g among what is left is sizes[g] / tail[g].
  const tail = new Float64Array(groups + 1);
  for (let g = groups - 1; g >= 0; g -= 1) tail[g] = (tail[g + 1] ?? 0) + (sizes[g] ?? 0);
  const tables = new Map<number, BinomialTable>();
  const tableFor = (g: number, left: number): BinomialTable => {
    const key = g * (n + 1) + left;
    let table = tables.get(key);
    if (!table) {
      table = binomialTable(left, (sizes[g] ?? 0) / (tail[g] ?? 1));
      tables.set(key, table);
    }
    return table;
  };
  return (counts) => {
    counts.fill(0);
    let left = n;
    for (let g = 0; g < groups && left > 0; g += 1) {
      const drawn = g === groups - 1 ? left : drawFromTable(tableFor(g, left), random());
      counts[g] = drawn;
      left -= drawn;
    }
  };
}

/**
 * Bootstrap means of the first column (weighted by how often each group was drawn) over `resamples`
 * multinomial resamples of the groups' items: the distribution of the mean of n items drawn with replacement.
 */
export function resampleGroupMeans(groups: DistinctRows, resamples: number, random: () => number): Float64Array {
  const [values] = groups.columns;
  const n = groups.sizes.reduce((sum, size) => sum + size, 0);
  const means = new Float64Array(resamples);
  if (!values || n === 0) return means.subarray(0, 0);
  const draw = createMultinomialResampler(groups.sizes, random);
  const counts = new Float64Array(groups.sizes.length);
  for (let r = 0; r < resamples; r += 1) {
    draw(counts);
    let sum = 0;
    for (let g = 0; g < counts.length; g += 1) sum += (counts[g] ?? 0) * (values[g] ?? 0);
    means[r] = sum / n;
  }
  return means;
}
