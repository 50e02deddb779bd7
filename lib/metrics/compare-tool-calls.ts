import type { ToolCallAction } from "./types";

export type CanonicalValue = null | boolean | number | string | CanonicalValue[] | { [key: string]: CanonicalValue };

/**
 * JSON-canonical form used for strict tool checks (seed 000 protocol iii):
 * object keys sorted, strings trimmed, numbers kept numeric (so 5 and 5.0 are
 * equal but "5" and 5 are not), arrays keep their order. Values JSON cannot
 * carry (undefined, functions, symbols) become null inside arrays and are
 * dropped as object members, as JSON.stringify would do.
 */
export function normalizeArguments(value: unknown): CanonicalValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value;
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map((item) => normalizeArguments(item));
  if (typeof value === "object") {
    const result: { [key: string]: CanonicalValue } = {};
    const entries = Object.entries(value).filter(
      ([, v]) => v !== undefined && typeof v !== "function" && typeof v !== "symbol",
    );
    for (const [key, v] of entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      result[key] = normalizeArguments(v);
    return result;
  }
  return null;
}

/** Stable string for equality and set membership; -0 and 0 collapse via JSON. */
export function canonicalString(value: unknown): string {
  return JSON.stringify(normalizeArguments(value));
}

export function isExactCallMatch(reference: ToolCallAction, prediction: ToolCallAction): boolean {
  return (
    reference.name === prediction.name && canonicalString(reference.arguments) === canonicalString(prediction.arguments)
  );
}

function argumentPairs(args: Record<string, unknown>): Set<string> {
  const pairs = new Set<string>();
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    pairs.add(JSON.stringify([key, normalizeArguments(value)]));
  }
  return pairs;
}

/**
 * F1 over top-level (key, canonical value) pairs. A wrong function name gets
 * no partial credit (0), as in the paper's strict check; the same name with
 * no arguments on either side is a perfect match (1).
 */
export function computeArgumentF1(reference: ToolCallAction, prediction: ToolCallAction): number {
  if (reference.name !== prediction.name) return 0;
  const referencePairs = argumentPairs(reference.arguments);
  const predictionPairs = argumentPairs(prediction.arguments);
  if (referencePairs.size === 0 && predictionPairs.size === 0) return 1;
  let overlap = 0;
  for (const pair of predictionPairs) if (referencePairs.has(pair)) overlap += 1;
  return (2 * overlap) / (referencePairs.size + predictionPairs.size);
}
