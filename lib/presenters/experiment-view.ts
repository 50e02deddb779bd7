import { formatDelta, formatDeltaInterval, formatPValue } from "@/lib/presenters/format";
import { numberCell, textCell, type ExportCell, type ExportColumn, type ExportTable } from "./export-table";
import type {
  ExperimentCell,
  ExperimentInterval,
  ExperimentMatrix,
  ExperimentPooled,
  ExperimentSuccess,
} from "./experiment-matrix";

/** "52.5% [36.9, 67.6]": a success rate with its Wilson interval; "n/a" when undefined. */
export function formatSuccess(success: ExperimentSuccess | null): string {
  if (success === null || success.value === null) return "n/a";
  const value = `${(success.value * 100).toFixed(1)}%`;
  if (success.low === null || success.high === null) return value;
  return `${value} [${(success.low * 100).toFixed(1)}, ${(success.high * 100).toFixed(1)}]`;
}

export function formatEffect(effect: ExperimentInterval): string {
  return formatDelta(effect.estimate, "rate");
}

export function formatEffectInterval(effect: ExperimentInterval): string {
  return effect.low === null || effect.high === null
    ? "n/a"
    : formatDeltaInterval({ low: effect.low, high: effect.high }, "rate");
}

export function formatP(p: number | null): string {
  return p === null ? "n/a" : formatPValue(p);
}

/** A noise floor as the 2-SD band of a rerun difference, in pp; "n/a" with single trials. */
export function formatNoiseFloor(sd: number | null): string {
  return sd === null ? "n/a" : `±${(2 * sd * 100).toFixed(1)} pp`;
}

export interface DeltaChartPoint {
  key: string;
  label: string;
  /** Delta in percentage points. */
  value: number;
  /** [value - low, high - value] in pp, for Recharts' ErrorBar. */
  error: [number, number];
  pooled: boolean;
}

function toPoint(key: string, label: string, effect: ExperimentInterval, pooled: boolean): DeltaChartPoint | null {
  if (effect.estimate === null) return null;
  const value = effect.estimate * 100;
  const low = effect.low === null ? value : effect.low * 100;
  const high = effect.high === null ? value : effect.high * 100;
  return { key, label, value, error: [value - low, high - value], pooled };
}

export interface DeltaChartSeries {
  points: DeltaChartPoint[];
  /** Cells and pooled rows left out because their delta is undefined (no shared task). */
  missing: number;
}

/** One bar per cell and one per pooled row, in matrix order. */
export function buildDeltaChartSeries(matrix: ExperimentMatrix): DeltaChartSeries {
  const candidates = matrix.rows.flatMap((row) => {
    const name = `${row.pairingKey} ${row.variant}`;
    const cells = row.cells.map((cell) =>
      toPoint(`${name}|${cell.columnKey}`, `${name} · ${cellColumnLabel(cell)}`, cell.delta, false),
    );
    return [...cells, toPoint(`${name}|pooled`, `${name} · pooled`, row.pooled, true)];
  });
  const points = candidates.filter((point): point is DeltaChartPoint => point !== null);
  return { points, missing: candidates.length - points.length };
}

export function cellColumnLabel(cell: Pick<ExperimentCell, "suite" | "setting">): string {
  return cell.setting === "" ? cell.suite : `${cell.suite} (${cell.setting})`;
}

/**
 * What the pooled effect pools: "140 tasks in 4 suites", or, when two columns are one suite in two settings
 * (telecom and telecom no-user), "140 tasks in 4 columns of 3 suites (telecom and telecom (no-user) share their
 * 40 tasks: 100 distinct)".
 */
export function describePooledScope(pooled: ExperimentPooled): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (pooled.sharedTaskGroups.length === 0)
    return `${plural(pooled.tasks, "task")} in ${plural(pooled.strata, "suite")}`;
  const shared = pooled.sharedTaskGroups
    .map((group) => {
      const names =
        group.labels.length === 2
          ? group.labels.join(" and ")
          : `${group.labels.slice(0, -1).join(", ")} and ${group.labels.at(-1) ?? ""}`;
      return `${names} share their ${plural(group.tasks, "task")}`;
    })
    .join("; ");
  return `${plural(pooled.tasks, "task")} in ${plural(pooled.strata, "column")} of ${plural(pooled.suites, "suite")} (${shared}: ${pooled.distinctTasks} distinct)`;
}

const TEXT = { text: "", value: null } satisfies ExportCell;

function successCells(success: ExperimentSuccess | null): { display: ExportCell; low: ExportCell; high: ExportCell } {
  return {
    display: numberCell(success?.value ?? null, formatSuccess(success)),
    low: numberCell(success?.low ?? null),
    high: numberCell(success?.high ?? null),
  };
}

/**
 * One line of the long table. CSV carries numbers (fractions, not percentages; intervals as low and high
 * columns); Markdown and LaTeX show the formatted text.
 */
function exportLine(
  names: string[],
  base: ExperimentSuccess | null | "none",
  candidate: ExperimentSuccess | null | "none",
  effect: ExperimentInterval,
  p: number | null,
  tasks: number,
  noiseFloorSd: number | null,
): ExportCell[] {
  const [b, c] = [base, candidate].map((success) =>
    success === "none" ? { display: TEXT, low: TEXT, high: TEXT } : successCells(success),
  );
  return [
    ...names.map(textCell),
    b?.display ?? TEXT,
    c?.display ?? TEXT,
    numberCell(effect.estimate, formatEffect(effect)),
    textCell(formatEffectInterval(effect)),
    numberCell(p, formatP(p)),
    numberCell(tasks),
    numberCell(noiseFloorSd === null ? null : 2 * noiseFloorSd, formatNoiseFloor(noiseFloorSd)),
    b?.low ?? TEXT,
    b?.high ?? TEXT,
    c?.low ?? TEXT,
    c?.high ?? TEXT,
    numberCell(effect.low),
    numberCell(effect.high),
  ];
}

const COLUMNS: ExportColumn[] = [
  { label: "Model", align: "left" },
  { label: "Variant", align: "left" },
  { label: "Suite", align: "left" },
  { label: "Setting", align: "left" },
  { label: "Base success", subLabel: "Base", align: "right" },
  { label: "Candidate success", subLabel: "Candidate", align: "right" },
  { label: "Delta", align: "right" },
  { label: "95% interval", subLabel: "95% CI", align: "right", only: "text" },
  { label: "McNemar p", subLabel: "p", align: "right" },
  { label: "Shared tasks", subLabel: "Tasks", align: "right" },
  { label: "Noise floor", subLabel: "Noise", align: "right" },
  { label: "Base success low", align: "right", only: "csv" },
  { label: "Base success high", align: "right", only: "csv" },
  { label: "Candidate success low", align: "right", only: "csv" },
  { label: "Candidate success high", align: "right", only: "csv" },
  { label: "Delta low", align: "right", only: "csv" },
  { label: "Delta high", align: "right", only: "csv" },
];

/** The matrix in long form (one line per cell, then the row's pooled line) for CSV, Markdown and LaTeX. */
export function experimentExportTable(matrix: ExperimentMatrix): ExportTable {
  const rows = matrix.rows.flatMap((row) => [
    ...row.cells.map((cell) =>
      exportLine(
        [row.pairingKey, row.variant, cell.suite, cell.setting === "" ? "default" : cell.setting],
        cell.baseSuccess,
        cell.candidateSuccess,
        cell.delta,
        cell.mcnemarP,
        cell.sharedTasks,
        cell.noiseFloorSd,
      ),
    ),
    exportLine(
      [row.pairingKey, row.variant, `pooled: ${describePooledScope(row.pooled)} (stratified)`, ""],
      "none",
      "none",
      row.pooled,
      row.pooled.p,
      row.pooled.tasks,
      row.pooled.noiseFloorSd,
    ),
  ]);
  return {
    caption: `Fine-tuning effect on closed-loop success per suite: success in % with Wilson 95% intervals; delta in percentage points over shared tasks with a paired bootstrap 95% interval (${matrix.resamples} resamples, seed ${matrix.seed}); exact McNemar p on per-task majority outcomes; pooled rows stratified by suite.`,
    groups: [
      { label: "", span: 4 },
      { label: "Success", span: 2 },
      { label: "Paired delta", span: 5 },
    ],
    columns: COLUMNS,
    rows,
  };
}
