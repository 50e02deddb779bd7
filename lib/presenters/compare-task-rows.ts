import { groupTaskCounts, isMajorityPass, type PairedTaskDifference, type TrajectoryOutcome } from "@/lib/metrics";
import type { TaskComparisonRow, TransitionKind } from "./compare-types";

export const TASK_FILTERS = ["all", "fixed", "broken", "changed"] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];
export const TASK_SORTS = ["diff-desc", "diff-asc", "task"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export function classifyTransition(passA: boolean, passB: boolean): TransitionKind {
  if (passA && passB) return "bothPass";
  if (passB) return "fixed";
  if (passA) return "broken";
  return "bothFail";
}

export const TRANSITION_LABELS: Record<TransitionKind, string> = {
  bothPass: "both pass",
  fixed: "fixed",
  broken: "broken",
  bothFail: "both fail",
};

/**
 * One row per task the baseline and the first candidate share (the tasks of
 * `comparePairedRuns`), with every compared run's per-task success. The
 * transition uses the same majority rule as the McNemar counts.
 */
export function buildTaskRows(
  runs: readonly { outcomes: readonly TrajectoryOutcome[] }[],
  pairedTasks: readonly PairedTaskDifference[],
): TaskComparisonRow[] {
  const perRunCounts = runs.map((run) => new Map(groupTaskCounts(run.outcomes).perTask.map((t) => [t.taskId, t])));
  return pairedTasks.map((task) => {
    const perRun = perRunCounts.map((counts) => {
      const entry = counts.get(task.taskId);
      return entry && entry.n > 0 ? { rate: entry.c / entry.n, n: entry.n, c: entry.c } : null;
    });
    const a = perRunCounts[0]?.get(task.taskId) ?? { n: 0, c: 0 };
    const b = perRunCounts[1]?.get(task.taskId) ?? { n: 0, c: 0 };
    return {
      taskId: task.taskId,
      perRun,
      difference: task.difference,
      transition: classifyTransition(isMajorityPass(a), isMajorityPass(b)),
    };
  });
}

function byTaskId(a: TaskComparisonRow, b: TaskComparisonRow): number {
  return a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : 0;
}

export function selectTaskRows(
  rows: readonly TaskComparisonRow[],
  { filter, sort }: { filter: TaskFilter; sort: TaskSort },
): TaskComparisonRow[] {
  const kept = rows.filter((row) => {
    if (filter === "all") return true;
    if (filter === "changed") return row.transition === "fixed" || row.transition === "broken";
    return row.transition === filter;
  });
  const sign = sort === "diff-asc" ? 1 : -1;
  return [...kept].sort((a, b) =>
    sort === "task" ? byTaskId(a, b) : sign * (a.difference - b.difference) || byTaskId(a, b),
  );
}
