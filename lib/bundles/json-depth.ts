/** Deeper JSON is refused before validation: it would overflow the validator's stack or PostgreSQL's jsonb parser. */
export const MAX_JSON_DEPTH = 200;

/** Nesting depth of a parsed JSON value, computed without recursion (so any depth is measured safely). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() ?? [null, 0];
    if (current === null || typeof current !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return deepest;
}
