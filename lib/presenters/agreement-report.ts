import {
  bootstrapAgreement,
  buildConfusionMatrix,
  INTERVAL_RESAMPLES,
  cohensKappa,
  computeMedian,
  fleissKappa,
  fullAgreementRate,
  krippendorffAlphaNominal,
  percentAgreement,
  toCategoryCounts,
  type BootstrappedEstimate,
  type ConfusionMatrix,
  type Label,
} from "@/lib/metrics";
import type { ReportInput, ReportLabelTiming } from "./agreement-inputs";
import {
  annotatorRow,
  humanLabelsOf,
  indexJudges,
  indexLabels,
  judgeRow,
  type JudgeIndex,
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
  /** One entry per judge with a verdict on this dimension (the bundle judge first); empty without one. */
  judges: JudgeAgreement[];
  /** Every pair of those judges, with bootstrap intervals. */
  judgePairs: JudgePairAgreement[];
}

export interface JudgeAgreement {
  key: string;
  name: string;
  vsAnnotators: JudgeComparison[];
  vsMajority: JudgeComparison;
  /** Seed 003's Table 3: items where the judge and every human (items with exactly m human labels) agree. */
  threeWay: { value: number | null; n: number };
  /** Rows: judge label; columns: human majority. */
  confusion: ConfusionMatrix;
}

export interface JudgePairAgreement extends JudgeComparison {
  judge: string;
}

export interface AnnotatorProgress {
  key: string;
  name: string;
  assigned: number;
  /** Items where every categorical dimension has this annotator's label. */
  done: number;
  /** Assigned items not done; null for imported annotators (nothing assigned in the app). */
  remaining: number | null;
  /** Median over items of the seconds from opening the item to its last first-saved label; null without timing. */
  medianSeconds: number | null;
  /** Items with a measured time. */
  timedItems: number;
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

function buildDimension(
  input: ReportInput,
  index: LabelIndex,
  judgeIndex: { judges: { key: string; name: string }[]; index: JudgeIndex },
  dimension: CategoricalDimension,
): DimensionAgreement {
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
  const majority = itemIds.map((id) => majorityOf(humanLabelsOf(index, dimension.key, id)));
  const judgeRows = new Map(
    judgeIndex.judges.map((judge) => [judge.key, judgeRow(judgeIndex.index, judge.key, dimension.key, itemIds)]),
  );
  const judges: JudgeAgreement[] = judgeIndex.judges.flatMap((judge) => {
    const verdicts = judgeRows.get(judge.key) ?? [];
    if (!verdicts.some((label) => label !== null)) return [];
    return [
      {
        key: judge.key,
        name: judge.name,
        vsAnnotators: annotators.map((a, i) => compareWithJudge(verdicts, rows[i] ?? [], a.name, input)),
        vsMajority: compareWithJudge(verdicts, majority, "human majority", input),
        threeWay: threeWayAgreement(judgeRow(judgeIndex.index, judge.key, dimension.key, fullyRated), slots),
        confusion: buildConfusionMatrix(verdicts, majority),
      },
    ];
  });
  return {
    key: dimension.key,
    label: dimension.label,
    itemsWithTwoOrMore: itemIds.filter((id) => humanLabelsOf(index, dimension.key, id).length >= 2).length,
    humansAgree: fullAgreementRate(slots),
    pairs,
    fleiss: { value: fleissKappa(counts), n: counts.length },
    alpha: krippendorffAlphaNominal(rows),
    judges,
    judgePairs: judges.flatMap((a, i) =>
      judges.slice(i + 1).map((b) => ({
        judge: a.name,
        ...compareWithJudge(judgeRows.get(a.key) ?? [], judgeRows.get(b.key) ?? [], b.name, input),
      })),
    ),
  };
}

/** Judge and all humans agree; items the judge did not label are left out (fullAgreementRate drops nulls). */
function threeWayAgreement(judge: readonly (Label | null)[], slots: readonly (readonly Label[])[]) {
  return fullAgreementRate([judge, ...slots]);
}

/** An annotator's time per item: the longest of its labels' times (the last dimension saved first). */
function secondsPerItem(timings: readonly ReportLabelTiming[], annotatorKey: string): number[] {
  const byItem = new Map<string, number>();
  for (const t of timings)
    if (t.annotatorKey === annotatorKey) byItem.set(t.itemId, Math.max(byItem.get(t.itemId) ?? 0, t.seconds));
  return [...byItem.values()];
}

/** Every figure of the agreement page and its exports; statistics come from lib/metrics only. */
export function buildAgreementReport(input: ReportInput): AgreementReport {
  const index = indexLabels(input.labels);
  const judgeIndex = indexJudges(input);
  const dimensions = categoricalDimensions(input.rubric);
  const progress = input.annotators.map((annotator) => {
    const done = input.items.filter((item) =>
      dimensions.every((d) => index.get(d.key)?.get(item.id)?.has(annotator.key)),
    ).length;
    const perItem = secondsPerItem(input.timings ?? [], annotator.key);
    return {
      key: annotator.key,
      name: annotator.name,
      assigned: annotator.assigned,
      done,
      remaining: annotator.assigned > 0 ? Math.max(0, annotator.assigned - done) : null,
      medianSeconds: computeMedian(perItem),
      timedItems: perItem.length,
    };
  });
  return {
    dimensions: dimensions.map((dimension) => buildDimension(input, index, judgeIndex, dimension)),
    progress,
    disagreements: buildDisagreements(input, index, dimensions, judgeIndex),
    items: input.items.length,
    deletedItems: input.items.filter((item) => item.deleted).length,
  };
}
