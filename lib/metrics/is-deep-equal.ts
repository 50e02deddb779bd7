/**
 * Structural equality of JSON-like values with Python `==` semantics for
 * dicts/lists (as in seed 002's scorer): key order is ignored, list order is
 * not, 1 and 1.0 are equal, strings are compared exactly (no trimming).
 */
export function isDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b) ? false : a === b;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => isDeepEqual(item, b[i]));
  }
  const aEntries = Object.entries(a).filter(([, v]) => v !== undefined);
  const bMap = new Map(Object.entries(b).filter(([, v]) => v !== undefined));
  if (aEntries.length !== bMap.size) return false;
  return aEntries.every(([key, value]) => bMap.has(key) && isDeepEqual(value, bMap.get(key)));
}
