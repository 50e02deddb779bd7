const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Task ids in natural order: digit runs compare as numbers ("2" before "10", "task_9" before "task_10"). */
export function compareNatural(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
