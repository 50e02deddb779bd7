/** "4B" -> 4e9, "270M" -> 2.7e8, for ordering model sizes; null when unparseable. */
export function parseModelSize(size: string | null): number | null {
  if (!size) return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmbt]?)/i.exec(size);
  if (!match?.[1]) return null;
  const scale: Record<string, number> = { "": 1, k: 1e3, m: 1e6, b: 1e9, t: 1e12 };
  return Number(match[1]) * (scale[(match[2] ?? "").toLowerCase()] ?? 1);
}
