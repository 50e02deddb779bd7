import type { z } from "zod";
import type { BundleDocumentSchema, EventSchema, RunSchema, SuiteSchema, TaskSchema, TrajectorySchema, TurnLabelSchema, TrajectoryJudgeSchema } from "../schema";
import type { BundleIssue } from "../issues";

// Importers emit schema *inputs*: defaults are filled in when the ingest validates the document.
export type BundleDocumentInput = z.input<typeof BundleDocumentSchema>;
export type SuiteInput = z.input<typeof SuiteSchema>;
export type TaskInput = z.input<typeof TaskSchema>;
export type RunInput = z.input<typeof RunSchema>;
export type TrajectoryInput = z.input<typeof TrajectorySchema>;
export type EventInput = z.input<typeof EventSchema>;
export type JudgeInput = z.input<typeof TrajectoryJudgeSchema>;
export type TurnLabelInput = z.input<typeof TurnLabelSchema>;

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
