/** Display formatting of comparison numbers; null is always "n/a", never 0. */

export type ValueFormat = "rate" | "score";

const MINUS = "\u2212";

function signed(value: number, digits: number, minus: string): string {
  const fixed = Math.abs(value).toFixed(digits);
  if (Number(fixed) === 0) return `${fixed}`;
  return `${value < 0 ? minus : "+"}${fixed}`;
}

export function formatValue(value: number | null, format: ValueFormat): string {
  if (value === null) return "n/a";
  return format === "rate" ? `${(value * 100).toFixed(1)}%` : value.toFixed(3);
}

/** Rate deltas in percentage points, score deltas as plain differences. `ascii` swaps the typographic minus for "-". */
export function formatDelta(value: number | null, format: ValueFormat, ascii = false): string {
  if (value === null) return "n/a";
  const minus = ascii ? "-" : MINUS;
  return format === "rate" ? `${signed(value * 100, 1, minus)} pp` : signed(value, 3, minus);
}

export function formatInterval(interval: { low: number; high: number } | null, format: ValueFormat, ascii = false): string {
  if (interval === null) return "n/a";
  const minus = ascii ? "-" : MINUS;
  const scale = format === "rate" ? 100 : 1;
  const digits = format === "rate" ? 1 : 3;
  return `[${signed(interval.low * scale, digits, minus)}, ${signed(interval.high * scale, digits, minus)}]${format === "rate" ? " pp" : ""}`;
}

export function formatPValue(p: number): string {
  return p < 0.001 ? "< 0.001" : p.toFixed(3);
}

export function formatFraction(c: number, n: number): string {
  return `${c}/${n}`;
}

/** Long free-text keys (tau2 personas are paragraphs) shortened to one line for table cells. */
export function shortenLabel(text: string, limit = 60): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}
