export interface CostSuccessPoint {
  id: string;
  cost: number;
  success: number;
}

/**
 * Points no other point dominates (another costs no more and succeeds at least as often, and is strictly better
 * in one of the two), sorted by cost ascending. Exact duplicates do not dominate each other, so both stay.
 * Sorting by cost then success descending lets one sweep keep a point iff its success beats every cheaper one.
 */
export function computeParetoFrontier<T extends CostSuccessPoint>(points: readonly T[]): T[] {
  const sorted = [...points]
    .filter((point) => Number.isFinite(point.cost) && Number.isFinite(point.success))
    .sort((a, b) => a.cost - b.cost || b.success - a.success || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const frontier: T[] = [];
  let best = Number.NEGATIVE_INFINITY;
  for (const point of sorted) {
    const last = frontier[frontier.length - 1];
    const duplicate = last !== undefined && last.cost === point.cost && last.success === point.success;
    if (point.success > best || duplicate) {
      frontier.push(point);
      best = Math.max(best, point.success);
    }
  }
  return frontier;
}
