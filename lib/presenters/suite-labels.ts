export interface SuiteForLabel {
  id: string;
  name: string;
  version: string;
  createdAt: string;
  taskCount: number;
}

export interface SuiteLabel {
  /** "tau2/airline", or "tau2/airline, task set 2 of 2, 50 tasks" when the name has several task sets. */
  label: string;
  /** For run names: "tau2/airline", or "tau2/airline (task set 2)". */
  short: string;
  taskSetVersion: number;
  taskSetCount: number;
  taskCount: number;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/**
 * Labels suites so that no two read alike: suites are task sets, numbered per name and
 * version by age; a name with one task set keeps its plain label.
 */
export function labelSuites(suites: readonly SuiteForLabel[]): Map<string, SuiteLabel> {
  const byName = new Map<string, SuiteForLabel[]>();
  for (const suite of suites) {
    const base = suite.version ? `${suite.name} ${suite.version}` : suite.name;
    byName.set(base, [...(byName.get(base) ?? []), suite]);
  }
  const labels = new Map<string, SuiteLabel>();
  for (const [base, group] of byName) {
    const ordered = [...group].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    ordered.forEach((suite, index) => {
      const several = ordered.length > 1;
      labels.set(suite.id, {
        label: several
          ? `${base}, task set ${index + 1} of ${ordered.length}, ${plural(suite.taskCount, "task")}`
          : base,
        short: several ? `${base} (task set ${index + 1})` : base,
        taskSetVersion: index + 1,
        taskSetCount: ordered.length,
        taskCount: suite.taskCount,
      });
    });
  }
  return labels;
}

/** "12 of 50 tasks" when a run covers only part of its suite, else null. */
export function describeCoverage(runTasks: number, suiteTasks: number): string | null {
  return runTasks < suiteTasks ? `${runTasks} of ${plural(suiteTasks, "task")}` : null;
}
