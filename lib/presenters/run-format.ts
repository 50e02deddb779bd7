/** Shared number formatting of the run views: missing values are "n/a", never 0. */
export function formatPercent(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "n/a";
  return `${(value * 100).toFixed(digits)}%`;
}

export function formatNumber(value: number | null | undefined, digits = 3): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "n/a";
  return Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

export function formatInterval(low: number | null, high: number | null): string | null {
  if (low === null || high === null) return null;
  return `95% CI ${formatPercent(low)}–${formatPercent(high)}`;
}

export function formatStandardError(se: number | null): string | null {
  return se === null ? null : `SE ±${(se * 100).toFixed(1)} pts`;
}

export function formatFraction(count: number, n: number): string {
  return `${count}/${n}`;
}
