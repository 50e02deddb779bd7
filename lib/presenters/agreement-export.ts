import type { AgreementReport, JudgeComparison } from "./agreement-report";
import { itemReference, type ReportInput } from "./agreement-inputs";
import { numberCell, textCell, type ExportCell, type ExportTable } from "./export-table";

/** Numbers stay numbers in CSV (a negative kappa is not a formula); undefined values are empty cells, never 0. */
function cell(value: number | null): ExportCell {
  return { text: value === null ? "" : String(value), value };
}

/** Header names as columns and string-or-cell rows as cells. */
function longTable(caption: string, head: string[], body: (string | ExportCell)[][]): ExportTable {
  return {
    caption,
    columns: head.map((label) => ({ label, align: "left" as const })),
    rows: body.map((row) => row.map((value) => (typeof value === "string" ? textCell(value) : value))),
  };
}

/** Every label of a study: human (own or imported), the judge's frozen labels, adjudications. */
export function labelsExportTable(input: ReportInput): ExportTable {
  const items = new Map(input.items.map((item) => [item.id, item]));
  const head = ["item_id", "position", "reference", "deleted", "source", "annotator", "dimension", "value"];
  const rowOf = (itemId: string, source: string, annotator: string, dimension: string, value: string) => {
    const item = items.get(itemId);
    return [
      itemId,
      String(item?.position ?? ""),
      item ? itemReference(item) : "",
      item?.deleted ? "yes" : "no",
      source,
      annotator,
      dimension,
      value,
    ];
  };
  const body = [
    ...input.labels.map((label) =>
      rowOf(
        label.itemId,
        label.annotatorKey.startsWith("external:") ? "imported" : "human",
        label.annotatorName,
        label.dimension,
        label.value,
      ),
    ),
    ...input.items.flatMap((item) =>
      Object.entries(item.judge).flatMap(([dimension, value]) =>
        value === null ? [] : [rowOf(item.id, "judge", "judge", dimension, value)],
      ),
    ),
    ...input.adjudications.map((a) => rowOf(a.itemId, "adjudicated", a.adjudicator, a.dimension, a.value)),
  ].sort(
    (a, b) =>
      Number(a[1]) - Number(b[1]) || (a[6] ?? "").localeCompare(b[6] ?? "") || (a[4] ?? "").localeCompare(b[4] ?? ""),
  );
  return longTable("Study labels", head, body);
}

function judgeRows(dimension: string, judge: string, comparison: JudgeComparison): (string | ExportCell)[][] {
  return [
    [
      dimension,
      "percent agreement",
      `${judge} vs ${comparison.against}`,
      numberCell(comparison.n),
      cell(comparison.percent.estimate),
      cell(comparison.percent.low),
      cell(comparison.percent.high),
    ],
    [
      dimension,
      "cohen kappa",
      `${judge} vs ${comparison.against}`,
      numberCell(comparison.n),
      cell(comparison.kappa.estimate),
      cell(comparison.kappa.low),
      cell(comparison.kappa.high),
    ],
  ];
}

/** The report's figures as one long table (empty cells for undefined values, never 0). */
export function reportExportTable(report: AgreementReport): ExportTable {
  const head = ["dimension", "statistic", "raters", "n", "estimate", "ci_low", "ci_high"];
  const body = report.dimensions.flatMap((d) => [
    [d.key, "all humans agree", "humans", numberCell(d.humansAgree.n), cell(d.humansAgree.value), "", ""],
    ...d.pairs.flatMap((p) => [
      [d.key, "percent agreement", `${p.a} vs ${p.b}`, numberCell(p.n), cell(p.percent), "", ""],
      [d.key, "cohen kappa", `${p.a} vs ${p.b}`, numberCell(p.n), cell(p.kappa), "", ""],
    ]),
    [d.key, "fleiss kappa", "humans", numberCell(d.fleiss.n), cell(d.fleiss.value), "", ""],
    [d.key, "krippendorff alpha (nominal)", "humans", "", cell(d.alpha), "", ""],
    ...d.judges.flatMap((j) => [
      ...j.vsAnnotators.flatMap((c) => judgeRows(d.key, j.name, c)),
      ...judgeRows(d.key, j.name, j.vsMajority),
      [
        d.key,
        "three-way agreement",
        `${j.name} and all humans`,
        numberCell(j.threeWay.n),
        cell(j.threeWay.value),
        "",
        "",
      ],
    ]),
    ...d.judgePairs.flatMap((p) => judgeRows(d.key, p.judge, p)),
  ]);
  return longTable("Agreement report", head, body);
}
