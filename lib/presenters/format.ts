/**
 * The one formatting module of every view and export: a fraction is a percentage with one decimal, a missing value
 * is "n/a" (never 0), intervals are "[low, high]", deltas are signed percentage points.
 */
import type { MetricSpec } from "@/lib/metrics/registry";

export const NOT_AVAILABLE = "n/a";

const MINUS = "\u2212";

function missing(value: number | null | undefined): value is null | undefined {
  return value === null || value === undefined || !Number.isFinite(value);
}

/** 0.306 -> "30.6%"; null (undefined metric) -> "n/a", never "0.0%". */
export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (missing(value)) return NOT_AVAILABLE;
  return `${(Math.round(value * 10 ** (digits + 2)) / 10 ** digits).toFixed(digits)}%`;
}

/** Plain numbers (mean reward): integers as they are, others with `digits` decimals. */
export function formatNumber(value: number | null | undefined, digits = 3): string {
  if (missing(value)) return NOT_AVAILABLE;
  return Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

/** A value in the unit its registry entry declares. */
export function formatMetricValue(spec: Pick<MetricSpec, "unit">, value: number | null | undefined): string {
  return spec.unit === "fraction" ? formatPercent(value) : formatNumber(value);
}

/** "3/77"; a zero denominator has no rate, so it reads "n/a". */
export function formatCount(count: number, total: number): string {
  return total > 0 ? `${count}/${total}` : NOT_AVAILABLE;
}

/** "± 4.2 pts" from a standard error of a fraction. */
export function formatStandardError(se: number | null | undefined): string | null {
  return missing(se) ? null : `± ${(Math.round(se * 1000) / 10).toFixed(1)} pts`;
}

/** "[23.7%, 76.3%]" from interval bounds (fractions); null when either bound is missing. */
export function formatInterval(low: number | null | undefined, high: number | null | undefined): string | null {
  return missing(low) || missing(high) ? null : `[${formatPercent(low)}, ${formatPercent(high)}]`;
}

export type ValueFormat = "rate" | "score";

function signed(value: number, digits: number, minus: string): string {
  const fixed = Math.abs(value).toFixed(digits);
  if (Number(fixed) === 0) return fixed;
  return `${value < 0 ? minus : "+"}${fixed}`;
}

/** A comparison value: rates as percentages, scores with three decimals. */
export function formatValue(value: number | null, format: ValueFormat): string {
  if (value === null) return NOT_AVAILABLE;
  return format === "rate" ? formatPercent(value) : value.toFixed(3);
}

/** Rate deltas in percentage points, score deltas as plain differences. `ascii` swaps the typographic minus for "-". */
export function formatDelta(value: number | null, format: ValueFormat, ascii = false): string {
  if (value === null) return NOT_AVAILABLE;
  const minus = ascii ? "-" : MINUS;
  return format === "rate" ? `${signed(value * 100, 1, minus)} pp` : signed(value, 3, minus);
}

/** The interval of a delta: "[−4.0, +12.5] pp". */
export function formatDeltaInterval(
  interval: { low: number; high: number } | null,
  format: ValueFormat,
  ascii = false,
): string {
  if (interval === null) return NOT_AVAILABLE;
  const minus = ascii ? "-" : MINUS;
  const scale = format === "rate" ? 100 : 1;
  const digits = format === "rate" ? 1 : 3;
  const bounds = `[${signed(interval.low * scale, digits, minus)}, ${signed(interval.high * scale, digits, minus)}]`;
  return format === "rate" ? `${bounds} pp` : bounds;
}

export function formatPValue(p: number | null | undefined): string {
  if (missing(p)) return NOT_AVAILABLE;
  return p < 0.001 ? "< 0.001" : p.toFixed(3);
}

/** Long free-text keys (tau2 personas are paragraphs) shortened to one line for table cells. */
export function shortenLabel(text: string, limit = 60): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}
