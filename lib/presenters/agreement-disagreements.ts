import type { ReportInput } from "./agreement-inputs";
import { itemReference } from "./agreement-inputs";
import { humanLabelsOf, majorityOf, type JudgeIndex, type LabelIndex } from "./agreement-labels";
import type { CategoricalDimension } from "./study-rubric";

export interface Disagreement {
  itemId: string;
  position: number;
  reference: string;
  runId: string;
  trajectoryId: string | null;
  dimension: string;
  dimensionLabel: string;
  reason: "humans disagree" | "judge differs from humans";
  humans: { name: string; value: string }[];
  /** Every judge with a verdict on this dimension somewhere in the study, and its verdict here (null = none). */
  judges: { name: string; value: string | null }[];
  adjudicated: { value: string; adjudicator: string } | null;
}

/** Items where humans disagree, or agree among themselves against a judge; in item order. */
export function buildDisagreements(
  input: ReportInput,
  index: LabelIndex,
  dimensions: readonly CategoricalDimension[],
  judgeIndex: { judges: { key: string; name: string }[]; index: JudgeIndex },
): Disagreement[] {
  const names = new Map(input.annotators.map((a) => [a.key, a.name]));
  const adjudications = new Map(input.adjudications.map((a) => [`${a.itemId}\u0000${a.dimension}`, a]));
  const result: Disagreement[] = [];
  for (const item of [...input.items].sort((a, b) => a.position - b.position)) {
    for (const dimension of dimensions) {
      const labels = humanLabelsOf(index, dimension.key, item.id);
      if (labels.length < 2) continue;
      const judges = judgesOf(judgeIndex, dimension.key).map((judge) => ({
        name: judge.name,
        value: judgeIndex.index.get(judge.key)?.get(dimension.key)?.get(item.id) ?? null,
      }));
      const humansDisagree = new Set(labels).size > 1;
      const majority = majorityOf(labels);
      if (!humansDisagree && judges.every((judge) => judge.value === null || judge.value === majority)) continue;
      const byAnnotator = index.get(dimension.key)?.get(item.id) ?? new Map<string, string>();
      const adjudication = adjudications.get(`${item.id}\u0000${dimension.key}`);
      result.push({
        itemId: item.id,
        position: item.position,
        reference: itemReference(item),
        runId: item.runId,
        trajectoryId: item.trajectoryId,
        dimension: dimension.key,
        dimensionLabel: dimension.label,
        reason: humansDisagree ? "humans disagree" : "judge differs from humans",
        humans: [...byAnnotator.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([key, value]) => ({ name: names.get(key) ?? key, value })),
        judges,
        adjudicated: adjudication ? { value: adjudication.value, adjudicator: adjudication.adjudicator } : null,
      });
    }
  }
  return result;
}

/** The judges with at least one verdict on a dimension, in the report's judge order. */
function judgesOf(judgeIndex: { judges: { key: string; name: string }[]; index: JudgeIndex }, dimension: string) {
  return judgeIndex.judges.filter((judge) => (judgeIndex.index.get(judge.key)?.get(dimension)?.size ?? 0) > 0);
}
