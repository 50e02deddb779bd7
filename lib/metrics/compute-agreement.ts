/** Rating labels; null marks a missing rating. Labels compare by type and value, so 1 and "1" differ. */
export type Label = string | number | boolean;

export function labelKey(label: Label): string {
  return `${typeof label}:${String(label)}`;
}

export function compareLabels(a: Label, b: Label): number {
  const ka = labelKey(a);
  const kb = labelKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

export interface LabelPair {
  a: Label;
  b: Label;
}

/** Items rated by both raters; items with a missing rating on either side are dropped. */
export function pairLabels(a: readonly (Label | null)[], b: readonly (Label | null)[]): LabelPair[] {
  if (a.length !== b.length) throw new RangeError(`rater arrays differ in length: ${a.length} vs ${b.length}`);
  const pairs: LabelPair[] = [];
  a.forEach((label, i) => {
    const other = b[i];
    if (label !== null && other !== null && other !== undefined) pairs.push({ a: label, b: other });
  });
  return pairs;
}

export function percentAgreementOfPairs(pairs: readonly LabelPair[]): number | null {
  if (pairs.length === 0) return null;
  return pairs.filter((p) => labelKey(p.a) === labelKey(p.b)).length / pairs.length;
}

/** Share of items (rated by both) on which two raters give the same label; null with no such item. */
export function percentAgreement(a: readonly (Label | null)[], b: readonly (Label | null)[]): number | null {
  return percentAgreementOfPairs(pairLabels(a, b));
}

/**
 * Cohen's kappa = (p_o - p_e) / (1 - p_e). Null (undefined, not 0 or NaN)
 * when no item is rated by both or when p_e = 1, i.e. both raters used one
 * and the same single label, so chance already explains all agreement.
 */
export function cohensKappaOfPairs(pairs: readonly LabelPair[]): number | null {
  const n = pairs.length;
  if (n === 0) return null;
  const countsA = new Map<string, number>();
  const countsB = new Map<string, number>();
  let observed = 0;
  for (const { a, b } of pairs) {
    const ka = labelKey(a);
    const kb = labelKey(b);
    countsA.set(ka, (countsA.get(ka) ?? 0) + 1);
    countsB.set(kb, (countsB.get(kb) ?? 0) + 1);
    if (ka === kb) observed += 1;
  }
  let expected = 0;
  for (const [key, count] of countsA) expected += (count / n) * ((countsB.get(key) ?? 0) / n);
  if (Math.abs(1 - expected) < 1e-12) return null;
  return (observed / n - expected) / (1 - expected);
}

export function cohensKappa(a: readonly (Label | null)[], b: readonly (Label | null)[]): number | null {
  return cohensKappaOfPairs(pairLabels(a, b));
}

/**
 * Seed 003's "three-way agreement": share of items on which every rater gives
 * the same label. Input is raters x items; items missing any rating are dropped.
 */
export function fullAgreementRate(ratings: readonly (readonly (Label | null)[])[]): {
  value: number | null;
  n: number;
} {
  const items = ratings[0]?.length ?? 0;
  let n = 0;
  let agreed = 0;
  for (let i = 0; i < items; i += 1) {
    const labels = ratings.map((rater) => rater[i]);
    if (labels.some((l) => l === null || l === undefined)) continue;
    n += 1;
    const keys = new Set(labels.map((l) => (l === null || l === undefined ? "" : labelKey(l))));
    if (keys.size === 1) agreed += 1;
  }
  return { value: n > 0 ? agreed / n : null, n };
}

/** raters x items labels -> items x categories counts (categories sorted), for Fleiss' kappa. Items with a missing rating are dropped. */
export function toCategoryCounts(ratings: readonly (readonly (Label | null)[])[]): {
  categories: Label[];
  counts: number[][];
} {
  const byKey = new Map<string, Label>();
  for (const rater of ratings) for (const l of rater) if (l !== null) byKey.set(labelKey(l), l);
  const categories = [...byKey.values()].sort(compareLabels);
  const index = new Map(categories.map((c, i) => [labelKey(c), i]));
  const counts: number[][] = [];
  const items = ratings[0]?.length ?? 0;
  for (let i = 0; i < items; i += 1) {
    const labels = ratings.map((rater) => rater[i]);
    if (labels.some((l) => l === null || l === undefined)) continue;
    const row = categories.map(() => 0);
    for (const l of labels) {
      const j = l === null || l === undefined ? undefined : index.get(labelKey(l));
      if (j !== undefined) row[j] = (row[j] ?? 0) + 1;
    }
    counts.push(row);
  }
  return { categories, counts };
}

/**
 * Fleiss' kappa from an items x categories count matrix. Every item must have
 * the same number of ratings m >= 2 (throws otherwise). Null with no items or
 * when expected agreement is 1 (all ratings in one category).
 */
export function fleissKappa(matrix: readonly (readonly number[])[]): number | null {
  const items = matrix.length;
  if (items === 0) return null;
  const raters = (matrix[0] ?? []).reduce((sum, v) => sum + v, 0);
  if (raters < 2) throw new RangeError("Fleiss' kappa needs at least two ratings per item");
  const categoryTotals: number[] = [];
  let meanItemAgreement = 0;
  for (const row of matrix) {
    const total = row.reduce((sum, v) => sum + v, 0);
    if (total !== raters) throw new RangeError(`every item needs ${raters} ratings, got ${total}`);
    row.forEach((v, j) => {
      categoryTotals[j] = (categoryTotals[j] ?? 0) + v;
    });
    meanItemAgreement += (row.reduce((sum, v) => sum + v * v, 0) - raters) / (raters * (raters - 1));
  }
  meanItemAgreement /= items;
  const expected = categoryTotals.reduce((sum, total) => sum + (total / (items * raters)) ** 2, 0);
  if (Math.abs(1 - expected) < 1e-12) return null;
  return (meanItemAgreement - expected) / (1 - expected);
}

/**
 * Krippendorff's alpha, nominal metric, from raters x units with null for
 * missing. Units with fewer than two ratings are unpairable and dropped.
 * alpha = 1 - (n - 1) * D_o / sum_{c != k} n_c n_k, computed via coincidence
 * counts. Null when fewer than two pairable values or only one category occurs.
 */
export function krippendorffAlphaNominal(data: readonly (readonly (Label | null)[])[]): number | null {
  const units = Math.max(0, ...data.map((rater) => rater.length));
  const totals = new Map<string, number>();
  let disagreement = 0;
  let n = 0;
  for (let u = 0; u < units; u += 1) {
    const counts = new Map<string, number>();
    for (const rater of data) {
      const label = rater[u];
      if (label === null || label === undefined) continue;
      const key = labelKey(label);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const m = [...counts.values()].reduce((sum, v) => sum + v, 0);
    if (m < 2) continue;
    const sameSquares = [...counts.values()].reduce((sum, v) => sum + v * v, 0);
    disagreement += (m * m - sameSquares) / (m - 1);
    n += m;
    for (const [key, v] of counts) totals.set(key, (totals.get(key) ?? 0) + v);
  }
  if (n < 2) return null;
  const expectedPairs = n * n - [...totals.values()].reduce((sum, v) => sum + v * v, 0);
  if (expectedPairs === 0) return null;
  return 1 - ((n - 1) * disagreement) / expectedPairs;
}

export interface ConfusionMatrix {
  /** Sorted union of both raters' labels; rows are rater A, columns rater B. */
  labels: Label[];
  counts: number[][];
  n: number;
}

export function buildConfusionMatrix(a: readonly (Label | null)[], b: readonly (Label | null)[]): ConfusionMatrix {
  const pairs = pairLabels(a, b);
  const byKey = new Map<string, Label>();
  for (const p of pairs) {
    byKey.set(labelKey(p.a), p.a);
    byKey.set(labelKey(p.b), p.b);
  }
  const labels = [...byKey.values()].sort(compareLabels);
  const index = new Map(labels.map((l, i) => [labelKey(l), i]));
  const counts = labels.map(() => labels.map(() => 0));
  for (const p of pairs) {
    const row = counts[index.get(labelKey(p.a)) ?? -1];
    const j = index.get(labelKey(p.b));
    if (row && j !== undefined) row[j] = (row[j] ?? 0) + 1;
  }
  return { labels, counts, n: pairs.length };
}
