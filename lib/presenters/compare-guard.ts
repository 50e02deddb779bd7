export interface GuardRun {
  id: string;
  name: string;
  suiteId: string;
  suite: string;
  userMode: string;
  userSimulator: string | null;
  judge: string | null;
  policyVariant: string | null;
  taskSetVersion: number | null;
  /** Runs this one pairs with (lib/presenters/run-pairs.ts). */
  pairedRunIds: string[];
  variant: string;
}

export interface SuitePairLink {
  suite: string;
  label: string;
  href: string;
}

export interface CompareGuard {
  /** The runs come from more than one suite: task ids do not mean the same task across them. */
  crossSuite: boolean;
  suites: string[];
  /** One line per setting in which the runs differ (user simulator, judge, policy variant, task-set version). */
  differences: string[];
  /** Comparisons of the pairs of each suite the selected runs belong to. */
  pairLinks: SuitePairLink[];
}

function describe(value: string | number | null, none: string): string {
  return value === null || value === "" ? none : String(value);
}

function difference(runs: readonly GuardRun[], label: string, read: (run: GuardRun) => string): string | null {
  const values = runs.map(read);
  if (new Set(values).size <= 1) return null;
  return `${label}: ${runs.map((run, index) => `${run.name}: ${values[index] ?? ""}`).join("; ")}`;
}

function isBase(variant: string): boolean {
  return variant.trim().toLowerCase() === "base";
}

/**
 * What makes a comparison of these runs questionable: different suites (refused unless
 * the user opts in) and different settings (listed in a banner). Pure.
 */
export function guardComparison(runs: readonly GuardRun[]): CompareGuard {
  const suites = [...new Map(runs.map((run) => [run.suiteId, run.suite])).values()];
  const differences = [
    difference(runs, "User simulator", (run) => `${run.userMode}${run.userSimulator ? ` (${run.userSimulator})` : ""}`),
    difference(runs, "Judge", (run) => describe(run.judge, "none")),
    difference(runs, "Policy variant", (run) => describe(run.policyVariant, "the suite's first policy")),
    difference(runs, "Task-set version", (run) => describe(run.taskSetVersion, "unknown")),
  ].filter((line): line is string => line !== null);
  const pairLinks: SuitePairLink[] = [];
  const seen = new Set<string>();
  for (const run of runs) {
    for (const otherId of run.pairedRunIds) {
      const [baseId, candidateId] = isBase(run.variant) ? [run.id, otherId] : [otherId, run.id];
      const key = `${baseId},${candidateId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pairLinks.push({
        suite: run.suite,
        label: `${run.suite}: pair of ${run.name}`,
        href: `/compare?runs=${encodeURIComponent(baseId)},${encodeURIComponent(candidateId)}`,
      });
    }
  }
  return { crossSuite: suites.length > 1, suites, differences, pairLinks };
}
