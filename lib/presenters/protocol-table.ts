import type { RunMetricsResponse } from "@/lib/contracts/run-metrics";
import { formatCount, formatPercent } from "@/lib/presenters/format";
import { numberCell, textCell, type ExportCell, type ExportTable } from "./export-table";
import { parseModelSize } from "@/lib/presenters/model-size";
import { findMaxPassK } from "./leaderboard-metrics";
import { metricSpec } from "@/lib/metrics/registry";
import { splitMissingFamilies, type MissingFamily } from "./missing-data";

export interface ProtocolRunInput {
  id: string;
  name: string;
  model: string;
  family: string | null;
  size: string | null;
  variant: string;
  pairingKey: string | null;
  metrics: RunMetricsResponse;
}

export interface ProtocolColumn {
  runId: string;
  runName: string;
  model: string;
  variant: string;
  /** Second header row: the variant, with the run name when a pairing has two runs of one variant. */
  label: string;
}

export interface ProtocolGroup {
  key: string;
  /** First header row: the model of the group's first (base) run. */
  label: string;
  columns: ProtocolColumn[];
}

export type Scoring = "Deterministic" | "LLM judge";

export interface ProtocolRow {
  /** The metric's id in lib/metrics/registry.ts. */
  key: string;
  level: string;
  metric: string;
  scoring: Scoring;
  /** One per column, in the flattened column order: "30.6%", "3/77" or "n/a". */
  cells: string[];
  /** The same cells' raw values for CSV: fractions unformatted, counts as "n/N", null where undefined. */
  values: (number | string | null)[];
}

export interface ProtocolTable {
  suite: { id: string; name: string };
  groups: ProtocolGroup[];
  columns: ProtocolColumn[];
  rows: ProtocolRow[];
}

interface RowSpec {
  key: string;
  level: string;
  metric: string;
  scoring: Scoring;
  value: (m: RunMetricsResponse) => ExportCell;
}

const percentCell = (value: number | null | undefined): ExportCell => numberCell(value, formatPercent(value));
const countCell = (count: number, total: number): ExportCell => ({
  text: formatCount(count, total),
  value: total > 0 ? `${count}/${total}` : null,
});

const ROW_SPECS: readonly RowSpec[] = [
  {
    key: "rouge1F1",
    level: "Text similarity",
    metric: metricSpec("rouge1F1").shortLabel,
    scoring: "Deterministic",
    value: (m) => percentCell(m.goldHistory.rouge1F1),
  },
  {
    key: "allTurnSuccess",
    level: "Gold-history turn",
    metric: metricSpec("allTurnSuccess").shortLabel,
    scoring: "LLM judge",
    value: (m) => percentCell(m.goldHistory.allTurnSuccess),
  },
  {
    key: "textTurnSuccess",
    level: "Gold-history turn",
    metric: metricSpec("textTurnSuccess").shortLabel,
    scoring: "LLM judge",
    value: (m) => percentCell(m.goldHistory.textTurnSuccess),
  },
  {
    key: "toolTurnSuccess",
    level: "Gold-history turn",
    metric: metricSpec("toolTurnSuccess").shortLabel,
    scoring: "LLM judge",
    value: (m) => percentCell(m.goldHistory.toolTurnSuccess),
  },
  {
    key: "exactCallAccuracy",
    level: "Strict tool check",
    metric: metricSpec("exactCallAccuracy").shortLabel,
    scoring: "Deterministic",
    value: (m) => percentCell(m.goldHistory.exactCallAccuracy),
  },
  {
    key: "argumentF1",
    level: "Strict tool check",
    metric: metricSpec("argumentF1").shortLabel,
    scoring: "Deterministic",
    value: (m) => percentCell(m.goldHistory.argumentF1),
  },
  {
    key: "toolWorkflowCompletion",
    level: "Closed-loop replay",
    metric: metricSpec("toolWorkflowCompletion").shortLabel,
    scoring: "Deterministic",
    value: (m) => countCell(m.toolWorkflowCompletion.count, m.toolWorkflowCompletion.eligible),
  },
  {
    key: "holisticSuccess",
    level: "Holistic judge",
    metric: metricSpec("holisticSuccess").shortLabel,
    scoring: "LLM judge",
    value: (m) => countCell(m.holisticSuccess.count, m.holisticSuccess.eligible),
  },
  {
    key: "successRate",
    level: "State-based",
    metric: metricSpec("successRate").shortLabel,
    scoring: "Deterministic",
    value: (m) => percentCell(m.successRate.value),
  },
];

function passKSpec(k: number): RowSpec {
  return {
    key: `passHatK${k}`,
    level: "State-based",
    metric: metricSpec(`passHatK${k}`).shortLabel,
    scoring: "Deterministic",
    value: (m) => percentCell(m.passHatK[k] ?? null),
  };
}

/** Base first (the seed's ZS | SFT order), then other variants alphabetically; upload order breaks ties. */
function variantRank(variant: string): number {
  return variant.toLowerCase() === "base" ? 0 : 1;
}

function groupRuns(runs: readonly ProtocolRunInput[]): { key: string; runs: ProtocolRunInput[] }[] {
  const groups = new Map<string, ProtocolRunInput[]>();
  for (const run of runs) {
    const key = run.pairingKey ?? `model:${run.model}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  const ordered = [...groups].map(([key, members]) => ({
    key,
    runs: members
      .map((run, index) => ({ run, index }))
      .sort(
        (a, b) =>
          variantRank(a.run.variant) - variantRank(b.run.variant) ||
          a.run.variant.localeCompare(b.run.variant) ||
          a.index - b.index,
      )
      .map(({ run }) => run),
  }));
  const familyOf = (g: { runs: ProtocolRunInput[] }) => g.runs[0]?.family ?? "";
  const sizeOf = (g: { runs: ProtocolRunInput[] }) =>
    parseModelSize(g.runs[0]?.size ?? null) ?? Number.POSITIVE_INFINITY;
  return ordered.sort(
    (a, b) => familyOf(a).localeCompare(familyOf(b)) || sizeOf(a) - sizeOf(b) || a.key.localeCompare(b.key),
  );
}

/**
 * Seed 000's Table 1 for one suite: metric rows grouped by protocol level, one column per run,
 * runs of one pairing key side by side (base first). Runs come in upload order.
 */
export function buildProtocolTable(
  suite: { id: string; name: string },
  runs: readonly ProtocolRunInput[],
): ProtocolTable {
  const groups = groupRuns(runs).map(({ key, runs: members }): ProtocolGroup => {
    const variantCounts = new Map<string, number>();
    for (const run of members) variantCounts.set(run.variant, (variantCounts.get(run.variant) ?? 0) + 1);
    return {
      key,
      label: members[0]?.model ?? key,
      columns: members.map((run) => ({
        runId: run.id,
        runName: run.name,
        model: run.model,
        variant: run.variant,
        label: (variantCounts.get(run.variant) ?? 0) > 1 ? `${run.variant} (${run.name})` : run.variant,
      })),
    };
  });
  const columns = groups.flatMap((group) => group.columns);
  const byId = new Map(runs.map((run) => [run.id, run.metrics]));
  const maxK = findMaxPassK(runs.map((run) => run.metrics));
  const specs = [...ROW_SPECS, ...Array.from({ length: maxK }, (_, index) => passKSpec(index + 1))];
  const rows = specs.map((spec): ProtocolRow => {
    const cells = columns.map((column) => {
      const metrics = byId.get(column.runId);
      return metrics ? spec.value(metrics) : numberCell(null);
    });
    return {
      key: spec.key,
      level: spec.level,
      metric: spec.metric,
      scoring: spec.scoring,
      cells: cells.map((c) => c.text),
      values: cells.map((c) => c.value),
    };
  });
  return { suite, groups, columns, rows };
}

/**
 * The rows the page shows, and one line per metric family no run of the suite has data for (a tau2 suite showed 7 of
 * 10 rows of n/a). Exports keep every row; this is the page's view of them.
 */
export function splitProtocolRows(table: ProtocolTable): { rows: ProtocolRow[]; missing: MissingFamily[] } {
  return splitMissingFamilies(table.rows, {
    metricId: (row) => row.key,
    label: (row) => row.metric,
    isEmpty: (row) => row.values.every((value) => value === null),
    title: (_source, members) => [...new Set(members.map((row) => row.level))].join(", "),
  });
}

/** Leading columns of the protocol table that carry no run. */
const LEADING = ["Level", "Metric", "Scoring"];

export function protocolExportTable(table: ProtocolTable): ExportTable {
  return {
    caption: `Results across the evaluation protocols for suite ${table.suite.name}. Values in %, counts as n/N.`,
    groups: [
      { label: "", span: LEADING.length },
      ...table.groups.map((group) => ({ label: group.label, span: group.columns.length })),
    ],
    columns: [
      ...LEADING.map((label) => ({ label, align: "left" as const })),
      ...table.groups.flatMap((group) =>
        group.columns.map((column) => ({
          label: `${group.label} ${column.label}`,
          subLabel: column.label,
          align: "right" as const,
        })),
      ),
    ],
    rows: table.rows.map((row) => [
      textCell(row.level),
      textCell(row.metric),
      textCell(row.scoring),
      ...row.cells.map((text, index) => ({ text, value: row.values[index] ?? null })),
    ]),
  };
}
