import type { MetricDefinition } from "./leaderboard-metrics";
import type { LeaderboardRow } from "./leaderboard-rows";

export interface ChartPoint {
  runId: string;
  /** Axis label: the run's display name, unique among runs (two bars never read alike). */
  label: string;
  /** Percentage points, 0-100. */
  value: number;
  /** Offsets below and above `value` in percentage points (Recharts' asymmetric ErrorBar), null without uncertainty. */
  error: [number, number] | null;
  uncertainty: string | null;
}

export interface ChartSeries {
  metricId: string;
  metricLabel: string;
  points: ChartPoint[];
  /** Runs shown in the table whose value is undefined (n/a): left out of the chart, counted here. */
  missing: number;
  hasErrorBars: boolean;
}

/** Fraction -> percentage points with one decimal, as the table shows them. */
const round = (value: number) => Math.round(value * 1000) / 10;
const oneDecimal = (value: number) => Math.max(0, Math.round(value * 10) / 10);

/** One bar per run of the current page, in table order. */
export function buildChartSeries(rows: readonly LeaderboardRow[], definition: MetricDefinition): ChartSeries {
  const points: ChartPoint[] = [];
  let missing = 0;
  for (const row of rows) {
    const cell = row.cells[definition.id];
    if (!cell || cell.value === null) {
      missing += 1;
      continue;
    }
    const value = round(cell.value);
    const { low, high } = cell;
    const error: [number, number] | null =
      typeof low === "number" && typeof high === "number"
        ? [oneDecimal(value - round(low)), oneDecimal(round(high) - value)]
        : null;
    points.push({ runId: row.id, label: row.name, value, error, uncertainty: cell.detail ?? null });
  }
  return {
    metricId: definition.id,
    metricLabel: definition.label,
    points,
    missing,
    hasErrorBars: points.some((p) => p.error !== null),
  };
}
