import { formatDelta, formatDeltaInterval, formatPValue } from "@/lib/presenters/format";
import { textCell, type ExportTable } from "./export-table";
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

const HEAD = [
  "Model",
  "Variant",
  "Suite",
  "Setting",
  "Base success",
  "Candidate success",
  "Delta",
  "95% interval",
  "McNemar p",
  "Shared tasks",
  "Noise floor",
];

const SUB_HEAD = [
  "Model",
  "Variant",
  "Suite",
  "Setting",
  "Base",
  "Candidate",
  "Delta",
  "95% CI",
  "p",
  "Tasks",
  "Noise",
];

function pooledLine(pairingKey: string, variant: string, pooled: ExperimentPooled): string[] {
  return [
    pairingKey,
    variant,
    `pooled over ${pooled.strata} suites (stratified)`,
    "",
    "",
    "",
    formatEffect(pooled),
    formatEffectInterval(pooled),
    formatP(pooled.p),
    String(pooled.tasks),
    formatNoiseFloor(pooled.noiseFloorSd),
  ];
}

/** The matrix in long form (one line per cell, then the row's pooled line) for CSV, Markdown and LaTeX. */
export function experimentExportTable(matrix: ExperimentMatrix): ExportTable {
  const body = matrix.rows.flatMap((row) => [
    ...row.cells.map((cell) => [
      row.pairingKey,
      row.variant,
      cell.suite,
      cell.setting === "" ? "default" : cell.setting,
      formatSuccess(cell.baseSuccess),
      formatSuccess(cell.candidateSuccess),
      formatEffect(cell.delta),
      formatEffectInterval(cell.delta),
      formatP(cell.mcnemarP),
      String(cell.sharedTasks),
      formatNoiseFloor(cell.noiseFloorSd),
    ]),
    pooledLine(row.pairingKey, row.variant, row.pooled),
  ]);
  return {
    caption: `Fine-tuning effect on closed-loop success per suite: success in % with Wilson 95% intervals; delta in percentage points over shared tasks with a paired bootstrap 95% interval (${matrix.resamples} resamples, seed ${matrix.seed}); exact McNemar p on per-task majority outcomes; pooled rows stratified by suite.`,
    groups: [
      { label: "", span: 4 },
      { label: "Success", span: 2 },
      { label: "Paired delta", span: 5 },
    ],
    columns: HEAD.map((label, index) => ({ label, subLabel: SUB_HEAD[index], align: index < 4 ? "left" : "right" })),
    rows: body.map((line) => line.map(textCell)),
  };
}
