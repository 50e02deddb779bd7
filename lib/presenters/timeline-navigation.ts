export interface NavigationCell {
  id: string;
  taskExternalId: string;
  trial: number;
}

export interface NavigationTarget {
  id: string;
  label: string;
}

export interface TrajectoryNavigation {
  previousTrial: NavigationTarget | null;
  nextTrial: NavigationTarget | null;
  previousTask: NavigationTarget | null;
  nextTask: NavigationTarget | null;
  /** 1-based position of the task among the run's tasks. */
  taskPosition: number;
  taskCount: number;
}

function target(cell: NavigationCell | undefined): NavigationTarget | null {
  return cell ? { id: cell.id, label: `${cell.taskExternalId} · trial ${cell.trial}` } : null;
}

/** Neighbours of a trajectory in its run's cells ordered by task (numeric-aware, as the grid), then trial. Moving to another task keeps the trial when it can. */
export function buildTrajectoryNavigation(
  cells: readonly NavigationCell[],
  currentId: string,
): TrajectoryNavigation | null {
  const ordered = [...cells].sort(
    (a, b) => a.taskExternalId.localeCompare(b.taskExternalId, "en", { numeric: true }) || a.trial - b.trial,
  );
  const tasks: NavigationCell[][] = [];
  for (const cell of ordered) {
    const last = tasks.at(-1);
    if (last && last[0]?.taskExternalId === cell.taskExternalId) last.push(cell);
    else tasks.push([cell]);
  }
  const taskIndex = tasks.findIndex((trials) => trials.some((cell) => cell.id === currentId));
  const trials = tasks[taskIndex];
  if (!trials) return null;
  const trialIndex = trials.findIndex((cell) => cell.id === currentId);
  const current = trials[trialIndex];
  const sameTrialIn = (other: NavigationCell[] | undefined) =>
    other?.find((cell) => cell.trial === current?.trial) ?? other?.[0];
  return {
    previousTrial: target(trials[trialIndex - 1]),
    nextTrial: target(trials[trialIndex + 1]),
    previousTask: target(sameTrialIn(tasks[taskIndex - 1])),
    nextTask: target(sameTrialIn(tasks[taskIndex + 1])),
    taskPosition: taskIndex + 1,
    taskCount: tasks.length,
  };
}
