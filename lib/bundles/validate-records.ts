import { TrajectorySchema, type Trajectory } from "./schema/trajectory";
import { TurnPredictionSchema, type TurnPrediction } from "./schema/turn-prediction";
import type { BundleHeader } from "./schema/bundle";
import { TaskSchema, type Task } from "./schema/task";
import { fromZodError, joinPath, type BundleIssue } from "./issues";
import { MAX_JSON_DEPTH, jsonDepth } from "./json-depth";

function tooDeep(input: unknown, path: string, line?: number): BundleIssue[] | null {
  if (jsonDepth(input) <= MAX_JSON_DEPTH) return null;
  return [at(path, `nested more than ${MAX_JSON_DEPTH} levels deep`, line)];
}

export type BundleRecord =
  | { kind: "trajectory"; value: Trajectory; path: string; line?: number }
  | { kind: "turnPrediction"; value: TurnPrediction; path: string; line?: number }
  /** A task an importer met only in a record (tau2 simulations of tasks missing from `tasks`); it precedes that record. */
  | { kind: "task"; value: Task; path: string };

type Outcome<T> = { ok: true; value: T } | { ok: false; issues: BundleIssue[] };

function at(path: string, message: string, line?: number): BundleIssue {
  return line === undefined ? { path, message } : { path, message, line };
}

/**
 * Validates records one by one against the header: schema first, then references to
 * the header's runs and tasks and uniqueness of (run, task, trial) and (run, task, turn).
 */
export class RecordValidator {
  private readonly runIds: Set<string>;
  private readonly taskIds: Set<string>;
  private readonly seenTrials = new Set<string>();
  private readonly seenTurns = new Set<string>();

  constructor(header: BundleHeader) {
    this.runIds = new Set(header.runs.map((run) => run.id));
    this.taskIds = new Set(header.tasks.map((task) => task.id));
  }

  /** Accepts a task declared after the header (see BundleRecord "task"). */
  task(input: unknown, path: string): Outcome<Task> {
    const parsed = TaskSchema.safeParse(input);
    if (!parsed.success) return { ok: false, issues: fromZodError(parsed.error, input, path) };
    this.taskIds.add(parsed.data.id);
    return { ok: true, value: parsed.data };
  }

  private checkRefs(run: string, task: string, path: string, line?: number): BundleIssue[] {
    const issues: BundleIssue[] = [];
    if (!this.runIds.has(run))
      issues.push(
        at(joinPath(path, "run"), `unknown run "${run}"; the header declares: ${[...this.runIds].join(", ")}`, line),
      );
    if (!this.taskIds.has(task))
      issues.push(at(joinPath(path, "task"), `unknown task "${task}"; it is not among the header's tasks`, line));
    return issues;
  }

  trajectory(input: unknown, path: string, line?: number): Outcome<Trajectory> {
    const deep = tooDeep(input, path, line);
    if (deep) return { ok: false, issues: deep };
    const parsed = TrajectorySchema.safeParse(input);
    if (!parsed.success) return { ok: false, issues: fromZodError(parsed.error, input, path, line) };
    const value = parsed.data;
    const issues = this.checkRefs(value.run, value.task, path, line);
    const key = JSON.stringify([value.run, value.task, value.trial]);
    if (this.seenTrials.has(key)) {
      issues.push(
        at(
          joinPath(path, "trial"),
          `duplicate trial ${value.trial} of task "${value.task}" in run "${value.run}"`,
          line,
        ),
      );
    }
    this.seenTrials.add(key);
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
  }

  turnPrediction(input: unknown, path: string, line?: number): Outcome<TurnPrediction> {
    const deep = tooDeep(input, path, line);
    if (deep) return { ok: false, issues: deep };
    const parsed = TurnPredictionSchema.safeParse(input);
    if (!parsed.success) return { ok: false, issues: fromZodError(parsed.error, input, path, line) };
    const value = parsed.data;
    const issues = this.checkRefs(value.run, value.task, path, line);
    const key = JSON.stringify([value.run, value.task, value.turn]);
    if (this.seenTurns.has(key)) {
      issues.push(
        at(joinPath(path, "turn"), `duplicate turn ${value.turn} of task "${value.task}" in run "${value.run}"`, line),
      );
    }
    this.seenTurns.add(key);
    return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
  }
}

/** The header's depth check (its tasks carry free-form JSON too). */
export function checkHeaderDepth(header: unknown, prefix = "", line?: number): BundleIssue[] {
  return tooDeep(header, prefix, line) ?? [];
}

/**
 * Runs one bundle may declare. Each run gets partitions of its own, created and attached in the ingest transaction at
 * about 18 PostgreSQL locks per run, held to the commit; the lock table is shared by the whole server
 * (max_locks_per_transaction x max_connections, 6,400 by default), so a 5,000-run bundle ran it out ("out of shared
 * memory") for every database on the server. Checked on the header, before anything is written.
 */
export const MAX_RUNS_PER_BUNDLE = 100;

/** Checks that ids inside the header are unique and that it declares no more runs than a bundle may hold. */
export function checkHeaderIds(header: BundleHeader, prefix = ""): BundleIssue[] {
  const issues: BundleIssue[] = [];
  if (header.runs.length > MAX_RUNS_PER_BUNDLE)
    issues.push({
      path: joinPath(prefix, `runs[${MAX_RUNS_PER_BUNDLE}]`),
      message: `the bundle declares ${header.runs.length} runs, more than the ${MAX_RUNS_PER_BUNDLE} one bundle may hold; split it into bundles of at most ${MAX_RUNS_PER_BUNDLE} runs`,
    });
  const check = (ids: string[], field: string) => {
    const seen = new Set<string>();
    ids.forEach((id, index) => {
      if (seen.has(id))
        issues.push({ path: joinPath(prefix, `${field}[${index}].id`), message: `duplicate id "${id}"` });
      seen.add(id);
    });
  };
  check(
    header.tasks.map((task) => task.id),
    "tasks",
  );
  check(
    header.runs.map((run) => run.id),
    "runs",
  );
  return issues;
}
