import type { BundleIssue } from "../issues";

export type {
  BundleDocumentInput,
  EventInput,
  JudgeInput,
  RunInput,
  SuiteInput,
  TaskInput,
  TrajectoryInput,
  TurnLabelInput,
} from "../schema/inputs";

/** Collects fatal issues and advisory warnings while one document is converted. */
export interface ConversionLog {
  issues: BundleIssue[];
  warnings: string[];
}

export function newConversionLog(): ConversionLog {
  return { issues: [], warnings: [] };
}

/**
 * Source formats record the trial per simulation; when one is missing or repeats for a task
 * the (run, task, trial) key would collide, so the next free number is used instead.
 */
export class TrialNumbering {
  private readonly used = new Map<string, Set<number>>();
  renumbered = 0;

  assign(task: string, trial: number | undefined): number {
    let taken = this.used.get(task);
    if (!taken) {
      taken = new Set();
      this.used.set(task, taken);
    }
    let value = trial;
    if (value === undefined || taken.has(value)) {
      this.renumbered += 1;
      value = 0;
      while (taken.has(value)) value += 1;
    }
    taken.add(value);
    return value;
  }
}
