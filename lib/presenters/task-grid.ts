import { isInfrastructureStopReason } from "@/lib/metrics";

export interface TaskGridCellInput {
  id: string;
  taskExternalId: string;
  trial: number;
  success: boolean | null;
  stopReason: string | null;
  toolErrorCount: number;
  toolErrorsInferred: boolean;
}

export type CellOutcome = "success" | "fail" | "unknown" | "infrastructure";
export type TaskClass = "always-failing" | "flaky" | "always-passing" | "unknown";

export interface TaskGridCell {
  id: string;
  trial: number;
  outcome: CellOutcome;
  toolError: boolean;
  toolErrorsInferred: boolean;
  stopReason: string | null;
}

export interface TaskGridRow {
  taskExternalId: string;
  /** One slot per trial column; null where the task has no such trial. */
  cells: (TaskGridCell | null)[];
  successes: number;
  /** Trials with a known outcome, infrastructure failures left out (as in the run metrics). */
  known: number;
  rate: number | null;
  taskClass: TaskClass;
}

export const TASK_GRID_SORTS = ["task", "rate", "flaky"] as const;
export type TaskGridSort = (typeof TASK_GRID_SORTS)[number];

export interface TaskGrid {
  trials: number[];
  rows: TaskGridRow[];
  classCounts: Record<TaskClass, number>;
}

function outcomeOf(cell: Pick<TaskGridCellInput, "success" | "stopReason">): CellOutcome {
  if (isInfrastructureStopReason(cell.stopReason)) return "infrastructure";
  if (cell.success === null) return "unknown";
  return cell.success ? "success" : "fail";
}

function classify(successes: number, known: number): TaskClass {
  if (known === 0) return "unknown";
  if (successes === 0) return "always-failing";
  if (successes === known) return "always-passing";
  return "flaky";
}

const CLASS_ORDER: Record<TaskClass, number> = { flaky: 0, "always-failing": 1, "always-passing": 2, unknown: 3 };

function compareRows(sort: TaskGridSort): (a: TaskGridRow, b: TaskGridRow) => number {
  const byTask = (a: TaskGridRow, b: TaskGridRow) =>
    a.taskExternalId.localeCompare(b.taskExternalId, "en", { numeric: true });
  if (sort === "rate") {
    // Lowest success first, unknown rates last: always-failing tasks come to the top.
    return (a, b) => (a.rate ?? 2) - (b.rate ?? 2) || byTask(a, b);
  }
  if (sort === "flaky") {
    // Flaky tasks first, the most evenly split (rate nearest 0.5) leading.
    return (a, b) =>
      CLASS_ORDER[a.taskClass] - CLASS_ORDER[b.taskClass] ||
      Math.abs((a.rate ?? 0) - 0.5) - Math.abs((b.rate ?? 0) - 0.5) ||
      byTask(a, b);
  }
  return byTask;
}

/** How many trajectories of a task ended with this outcome and stop reason (what the grid's rates are built from). */
export interface TaskOutcomeCount {
  taskExternalId: string;
  success: boolean | null;
  stopReason: string | null;
  count: number;
}

/** The grid built from every trajectory's cell. */
export function buildTaskGrid(inputs: readonly TaskGridCellInput[], sort: TaskGridSort = "task"): TaskGrid {
  const counts: TaskOutcomeCount[] = inputs.map((cell) => ({
    taskExternalId: cell.taskExternalId,
    success: cell.success,
    stopReason: cell.stopReason,
    count: 1,
  }));
  const trials = [...new Set(inputs.map((cell) => cell.trial))].sort((a, b) => a - b);
  return buildTaskGridFromCounts({ counts, trials, cells: inputs, sort });
}

/**
 * The grid from per-task outcome counts (rates, classes and order over every trial) and the run's trial numbers,
 * with only the given cells drawn: a page of a 10,000-trajectory run needs its 20 x 10 cells, not all of them.
 */
export function buildTaskGridFromCounts({
  counts,
  trials: unsorted,
  cells: inputs,
  sort = "task",
}: {
  counts: readonly TaskOutcomeCount[];
  trials: readonly number[];
  cells: readonly TaskGridCellInput[];
  sort?: TaskGridSort;
}): TaskGrid {
  const trials = [...unsorted].sort((a, b) => a - b);
  const column = new Map(trials.map((trial, index) => [trial, index]));
  const tallies = new Map<string, { successes: number; known: number }>();
  for (const count of counts) {
    const tally = tallies.get(count.taskExternalId) ?? { successes: 0, known: 0 };
    const outcome = outcomeOf(count);
    if (outcome === "success" || outcome === "fail") tally.known += count.count;
    if (outcome === "success") tally.successes += count.count;
    tallies.set(count.taskExternalId, tally);
  }
  const cellsByTask = new Map<string, (TaskGridCell | null)[]>();
  for (const input of inputs) {
    const index = column.get(input.trial);
    if (index === undefined || !tallies.has(input.taskExternalId)) continue;
    const row = cellsByTask.get(input.taskExternalId) ?? trials.map(() => null);
    row[index] = {
      id: input.id,
      trial: input.trial,
      outcome: outcomeOf(input),
      toolError: input.toolErrorCount > 0,
      toolErrorsInferred: input.toolErrorsInferred,
      stopReason: input.stopReason,
    };
    cellsByTask.set(input.taskExternalId, row);
  }
  const classCounts: Record<TaskClass, number> = { "always-failing": 0, flaky: 0, "always-passing": 0, unknown: 0 };
  const rows: TaskGridRow[] = [];
  for (const [taskExternalId, { successes, known }] of tallies) {
    const taskClass = classify(successes, known);
    classCounts[taskClass] += 1;
    rows.push({
      taskExternalId,
      cells: cellsByTask.get(taskExternalId) ?? trials.map(() => null),
      successes,
      known,
      rate: known > 0 ? successes / known : null,
      taskClass,
    });
  }
  rows.sort(compareRows(sort));
  return { trials, rows, classCounts };
}
