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

function outcomeOf(cell: TaskGridCellInput): CellOutcome {
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

export function buildTaskGrid(inputs: readonly TaskGridCellInput[], sort: TaskGridSort = "task"): TaskGrid {
  const trials = [...new Set(inputs.map((cell) => cell.trial))].sort((a, b) => a - b);
  const column = new Map(trials.map((trial, index) => [trial, index]));
  const byTask = new Map<string, TaskGridCellInput[]>();
  for (const cell of inputs) {
    const list = byTask.get(cell.taskExternalId) ?? [];
    list.push(cell);
    byTask.set(cell.taskExternalId, list);
  }
  const classCounts: Record<TaskClass, number> = { "always-failing": 0, flaky: 0, "always-passing": 0, unknown: 0 };
  const rows: TaskGridRow[] = [];
  for (const [taskExternalId, list] of byTask) {
    const cells: (TaskGridCell | null)[] = trials.map(() => null);
    let successes = 0;
    let known = 0;
    for (const input of list) {
      const outcome = outcomeOf(input);
      if (outcome === "success" || outcome === "fail") known += 1;
      if (outcome === "success") successes += 1;
      const index = column.get(input.trial);
      if (index !== undefined) {
        cells[index] = {
          id: input.id,
          trial: input.trial,
          outcome,
          toolError: input.toolErrorCount > 0,
          toolErrorsInferred: input.toolErrorsInferred,
          stopReason: input.stopReason,
        };
      }
    }
    const taskClass = classify(successes, known);
    classCounts[taskClass] += 1;
    rows.push({ taskExternalId, cells, successes, known, rate: known > 0 ? successes / known : null, taskClass });
  }
  rows.sort(compareRows(sort));
  return { trials, rows, classCounts };
}
