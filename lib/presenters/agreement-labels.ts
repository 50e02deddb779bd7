import type { Label } from "@/lib/metrics";
import { BUNDLE_JUDGE, type ReportInput, type ReportJudge, type ReportLabel } from "./agreement-inputs";

/** dimension -> item id -> annotator key -> label */
export type LabelIndex = Map<string, Map<string, Map<string, string>>>;

export function indexLabels(labels: readonly ReportLabel[]): LabelIndex {
  const index: LabelIndex = new Map();
  for (const label of labels) {
    const byItem = index.get(label.dimension) ?? new Map<string, Map<string, string>>();
    const byAnnotator = byItem.get(label.itemId) ?? new Map<string, string>();
    byAnnotator.set(label.annotatorKey, label.value);
    byItem.set(label.itemId, byAnnotator);
    index.set(label.dimension, byItem);
  }
  return index;
}

/** Human labels of one item in annotator-key order (stable slots for Fleiss' kappa). */
export function humanLabelsOf(index: LabelIndex, dimension: string, itemId: string): string[] {
  const byAnnotator = index.get(dimension)?.get(itemId);
  if (!byAnnotator) return [];
  return [...byAnnotator.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);
}

/** The label most humans gave; null on a tie or with no label. */
export function majorityOf(labels: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [first, second] = sorted;
  if (!first || (second && second[1] === first[1])) return null;
  return first[0];
}

/**
 * Raters x items, with rater "slots" instead of people: slot j holds the j-th human label of
 * each item rated by exactly m humans. Fleiss' kappa and the all-agree rate do not depend on
 * which person rated which item, so differing annotator subsets per item are fine.
 */
export function slotMatrix(
  index: LabelIndex,
  dimension: string,
  itemIds: readonly string[],
  m: number,
): { itemIds: string[]; slots: Label[][] } {
  const rated = itemIds
    .map((id) => ({ id, labels: humanLabelsOf(index, dimension, id) }))
    .filter((entry) => entry.labels.length === m);
  return {
    itemIds: rated.map((entry) => entry.id),
    slots: Array.from({ length: m }, (_, slot) => rated.map((entry) => entry.labels[slot] ?? "")),
  };
}

/** Raters x items for one annotator, null where they gave no label. */
export function annotatorRow(
  index: LabelIndex,
  dimension: string,
  itemIds: readonly string[],
  annotatorKey: string,
): (Label | null)[] {
  return itemIds.map((id) => index.get(dimension)?.get(id)?.get(annotatorKey) ?? null);
}

/** judge key -> dimension -> item id -> label */
export type JudgeIndex = Map<string, Map<string, Map<string, string>>>;

/** Every judge of the report: the bundle judge (when any item has its verdict) first, then imported judges. */
export function indexJudges(input: ReportInput): { judges: ReportJudge[]; index: JudgeIndex } {
  const index: JudgeIndex = new Map();
  const put = (judgeKey: string, dimension: string, itemId: string, value: string) => {
    const byDimension = index.get(judgeKey) ?? new Map<string, Map<string, string>>();
    const byItem = byDimension.get(dimension) ?? new Map<string, string>();
    byItem.set(itemId, value);
    byDimension.set(dimension, byItem);
    index.set(judgeKey, byDimension);
  };
  for (const item of input.items)
    for (const [dimension, value] of Object.entries(item.judge))
      if (value !== null) put(BUNDLE_JUDGE.key, dimension, item.id, value);
  for (const label of input.judgeLabels ?? []) put(label.judgeKey, label.dimension, label.itemId, label.value);
  const judges = [...(index.has(BUNDLE_JUDGE.key) ? [BUNDLE_JUDGE] : []), ...(input.judges ?? [])];
  return { judges, index };
}

export function judgeRow(
  index: JudgeIndex,
  judgeKey: string,
  dimension: string,
  itemIds: readonly string[],
): (Label | null)[] {
  const byItem = index.get(judgeKey)?.get(dimension);
  return itemIds.map((id) => byItem?.get(id) ?? null);
}
