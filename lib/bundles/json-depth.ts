/** Deeper JSON is refused before validation: it would overflow the validator's stack or PostgreSQL's jsonb parser. */
export const MAX_JSON_DEPTH = 200;

/**
 * Nesting depth of a parsed JSON value, computed without recursion (so any depth is measured safely). Only objects
 * and arrays are pushed, on two parallel stacks: it runs over every record an ingest reads, and a pair per value
 * was a twelfth of what an ingest allocated.
 */
export function jsonDepth(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  let deepest = 0;
  const values: object[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const current = values.pop() as object;
    const depth = depths.pop() as number;
    if (depth > deepest) deepest = depth;
    if (deepest > MAX_JSON_DEPTH) return deepest;
    if (Array.isArray(current)) {
      for (const child of current as unknown[])
        if (child !== null && typeof child === "object") {
          values.push(child);
          depths.push(depth + 1);
        }
      continue;
    }
    for (const key in current) {
      const child = (current as Record<string, unknown>)[key];
      if (child !== null && typeof child === "object" && Object.hasOwn(current, key)) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return deepest;
}
