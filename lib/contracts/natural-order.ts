const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/**
 * Task ids in natural order: digit runs compare as numbers ("2" before "10", "task_9" before "task_10"). A contract:
 * lib/db pages a run's trajectories in this order and the pages lay tasks out in it, so both must agree.
 */
export function compareNatural(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
