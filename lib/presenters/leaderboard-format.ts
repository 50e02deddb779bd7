/** Shared number formats of the leaderboard and the protocol table: fractions shown as percentages, one decimal. */

export const NOT_AVAILABLE = "n/a";

/** 0.306 -> "30.6"; null (undefined metric) -> "n/a", never "0.0". */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_AVAILABLE;
  return (Math.round(value * 1000) / 10).toFixed(1);
}

/** "3/77"; a zero denominator has no rate, so it reads "n/a". */
export function formatCount(count: number, total: number): string {
  return total > 0 ? `${count}/${total}` : NOT_AVAILABLE;
}

/** "± 4.2" from a standard error (fraction). */
export function formatStandardError(se: number | null): string | null {
  return se === null || !Number.isFinite(se) ? null : `± ${formatPercent(se)}`;
}

/** "[23.7, 76.3]" from interval bounds (fractions). */
export function formatInterval(low: number | null, high: number | null): string | null {
  return low === null || high === null ? null : `[${formatPercent(low)}, ${formatPercent(high)}]`;
}

/** "4B" -> 4e9, "270M" -> 2.7e8, for ordering model sizes; null when unparseable. */
export function parseModelSize(size: string | null): number | null {
  if (!size) return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmbt]?)/i.exec(size);
  if (!match?.[1]) return null;
  const scale: Record<string, number> = { "": 1, k: 1e3, m: 1e6, b: 1e9, t: 1e12 };
  return Number(match[1]) * (scale[(match[2] ?? "").toLowerCase()] ?? 1);
}
