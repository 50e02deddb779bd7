/** Kappa-like statistics to three decimals; undefined is "n/a", and a rounding-level negative zero shows as 0.000. */
export function formatKappa(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "n/a";
  return (Math.abs(value) < 5e-4 ? 0 : value).toFixed(3);
}
