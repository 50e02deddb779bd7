import {
  bootstrapAgreement,
  buildConfusionMatrix,
  INTERVAL_RESAMPLES,
  cohensKappa,
  fleissKappa,
  fullAgreementRate,
  krippendorffAlphaNominal,
  percentAgreement,
  toCategoryCounts,
  type BootstrappedEstimate,
  type ConfusionMatrix,
  type Label,
} from "@/lib/metrics";
import type { ReportInput } from "./agreement-inputs";
import {
  annotatorRow,
  humanLabelsOf,
  indexLabels,
  judgeRow,
  majorityOf,
  slotMatrix,
  type LabelIndex,
} from "./agreement-labels";
import { buildDisagreements, type Disagreement } from "./agreement-disagreements";
import { categoricalDimensions, type CategoricalDimension } from "./study-rubric";

export interface PairAgreement {
  a: string;
  b: string;
  n: number;
  percent: number | null;
  kappa: number | null;
}

export interface JudgeComparison {
  against: string;
  n: number;
  percent: BootstrappedEstimate;
  kappa: BootstrappedEstimate;
}

export interface DimensionAgreement {
  key: string;
  label: string;
  /** Items with at least two human labels. */
  itemsWithTwoOrMore: number;
  /** Share of items (rated by exactly m humans) on which all humans agree. */
  humansAgree: { value: number | null; n: number };
  pairs: PairAgreement[];
  fleiss: { value: number | null; n: number };
  alpha: number | null;
  /** Null when the judge gives no label on this dimension. */
  judge: {
    vsAnnotators: JudgeComparison[];
    vsMajority: JudgeComparison;
    threeWay: { value: number | null; n: number };
    confusion: ConfusionMatrix;
  } | null;
}

export interface AnnotatorProgress {
  key: string;
  name: string;
  assigned: number;
  /** Items where every categorical dimension has this annotator's label. */
  done: number;
}

export interface AgreementReport {
  dimensions: DimensionAgreement[];
  progress: AnnotatorProgress[];
  disagreements: Disagreement[];
  items: number;
  deletedItems: number;
}

function compareWithJudge(
  judge: readonly (Label | null)[],
  other: readonly (Label | null)[],
  against: string,
  input: ReportInput,
): JudgeComparison {
  const { percentAgreement: percent, kappa } = bootstrapAgreement(judge, other, {
    resamples: input.bootstrap?.resamples ?? INTERVAL_RESAMPLES,
    seed: input.bootstrap?.seed ?? 1,
  });
  const n = judge.filter((label, i) => label !== null && (other[i] ?? null) !== null).length;
  return { against, n, percent, kappa };
}

function buildDimension(input: ReportInput, index: LabelIndex, dimension: CategoricalDimension): DimensionAgreement {
  const itemIds = input.items.map((item) => item.id);
  const annotators = input.annotators.filter((a) =>
    itemIds.some((id) => index.get(dimension.key)?.get(id)?.has(a.key)),
  );
  const rows = annotators.map((a) => annotatorRow(index, dimension.key, itemIds, a.key));
  const pairs: PairAgreement[] = [];
  annotators.forEach((a, i) =>
    annotators.slice(i + 1).forEach((b, offset) => {
      const rowA = rows[i] ?? [];
      const rowB = rows[i + 1 + offset] ?? [];
      const n = rowA.filter((label, k) => label !== null && (rowB[k] ?? null) !== null).length;
      if (n > 0)
        pairs.push({ a: a.name, b: b.name, n, percent: percentAgreement(rowA, rowB), kappa: cohensKappa(rowA, rowB) });
    }),
  );
  const m = input.annotatorsPerItem;
  const { itemIds: fullyRated, slots } = slotMatrix(index, dimension.key, itemIds, m);
  const counts = toCategoryCounts(slots).counts;
  const judgeAll = judgeRow(input, dimension.key, itemIds);
  const hasJudge = judgeAll.some((label) => label !== null);
  const majority = itemIds.map((id) => majorityOf(humanLabelsOf(index, dimension.key, id)));
  return {
    key: dimension.key,
    label: dimension.label,
    itemsWithTwoOrMore: itemIds.filter((id) => humanLabelsOf(index, dimension.key, id).length >= 2).length,
    humansAgree: fullAgreementRate(slots),
    pairs,
    fleiss: { value: fleissKappa(counts), n: counts.length },
    alpha: krippendorffAlphaNominal(rows),
    judge: hasJudge
      ? {
          vsAnnotators: annotators.map((a, i) => compareWithJudge(judgeAll, rows[i] ?? [], a.name, input)),
          vsMajority: compareWithJudge(judgeAll, majority, "human majority", input),
          threeWay: fullAgreementRate([judgeRow(input, dimension.key, fullyRated), ...slots]),
          confusion: buildConfusionMatrix(judgeAll, majority),
        }
      : null,
  };
}

/** Every figure of the agreement page and its exports; statistics come from lib/metrics only. */
export function buildAgreementReport(input: ReportInput): AgreementReport {
  const index = indexLabels(input.labels);
  const dimensions = categoricalDimensions(input.rubric);
  const progress = input.annotators.map((annotator) => ({
    key: annotator.key,
    name: annotator.name,
    assigned: annotator.assigned,
    done: input.items.filter((item) => dimensions.every((d) => index.get(d.key)?.get(item.id)?.has(annotator.key)))
      .length,
  }));
  return {
    dimensions: dimensions.map((dimension) => buildDimension(input, index, dimension)),
    progress,
    disagreements: buildDisagreements(input, index, dimensions),
    items: input.items.length,
    deletedItems: input.items.filter((item) => item.deleted).length,
  };
}
