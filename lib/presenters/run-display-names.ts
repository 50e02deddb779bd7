export interface DisplayNameInput {
  id: string;
  /** The stored name; used as is when nameIsCustom. */
  name: string;
  nameIsCustom: boolean;
  model: string;
  /** Short suite label, e.g. "tau2/airline" or "tau2/airline (task set 2)". */
  suite: string;
  /** The run setting's label ("no-user, policy v2"), "" for the default. */
  setting: string;
  tasks: number;
  minTrials: number;
  maxTrials: number;
  /** When the run was made (the source's timestamp) or else uploaded, ISO 8601. */
  date: string;
}

function tasksTrials(run: DisplayNameInput): string {
  const trials = run.minTrials === run.maxTrials ? `${run.maxTrials}` : `${run.minTrials}-${run.maxTrials}`;
  return `${run.tasks} tasks x ${trials} trials`;
}

const DATE_PRECISIONS = [10, 16, 19];

/** The date of each run, only as precise as the group needs (day, then minute, then second). */
function datesOf(group: readonly DisplayNameInput[]): string[] {
  for (const length of DATE_PRECISIONS) {
    const parts = group.map((run) => run.date.slice(0, length).replace("T", " "));
    if (new Set(parts).size === parts.length || length === DATE_PRECISIONS.at(-1)) return parts;
  }
  return group.map(() => "");
}

// Parts added, in this order, only to runs whose names still collide and only when they differ there.
const DISTINGUISHERS: ((group: readonly DisplayNameInput[]) => string[])[] = [
  (group) => group.map(tasksTrials),
  datesOf,
];

function defaultName(run: DisplayNameInput): string {
  const base = `${run.model} on ${run.suite}`;
  return run.setting === "" ? base : `${base} (${run.setting})`;
}

function groupByName(names: Map<string, string>): string[][] {
  const groups = new Map<string, string[]>();
  for (const [id, name] of names) groups.set(name, [...(groups.get(name) ?? []), id]);
  return [...groups.values()].filter((ids) => ids.length > 1);
}

/**
 * Display names that tell runs apart: a set name wins; otherwise model, suite and setting,
 * then, only where names still collide, tasks x trials and the date (as precise as needed).
 * Names are unique within the list: a short id suffix is the last resort.
 */
export function buildDisplayNames(runs: readonly DisplayNameInput[]): Map<string, string> {
  const byId = new Map(runs.map((run) => [run.id, run]));
  const names = new Map(runs.map((run) => [run.id, run.nameIsCustom ? run.name : defaultName(run)]));
  for (const distinguish of DISTINGUISHERS) {
    for (const ids of groupByName(names)) {
      const parts = distinguish(ids.flatMap((id) => byId.get(id) ?? []));
      if (new Set(parts).size === 1) continue;
      ids.forEach((id, index) => names.set(id, `${names.get(id) ?? ""}, ${parts[index] ?? ""}`));
    }
  }
  for (const ids of groupByName(names)) {
    const sorted = [...ids].sort();
    // The shortest id prefix that separates the group; whole ids are unique.
    let length = 6;
    while (
      length < Math.max(...sorted.map((id) => id.length)) &&
      new Set(sorted.map((id) => id.slice(0, length))).size < sorted.length
    )
      length += 2;
    for (const id of sorted) names.set(id, `${names.get(id) ?? ""} #${id.slice(0, length)}`);
  }
  return names;
}
