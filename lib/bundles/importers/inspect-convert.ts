import { FieldNotes } from "./field-notes";
import { BUNDLE_SCHEMA_VERSION } from "../schema/common";
import type { ConversionLog, TaskInput, TrajectoryInput } from "./bundle-input";
import { TrialNumbering } from "./bundle-input";
import { choosePrimaryScorer, mapInspectRun, mapInspectSuite, type InspectHeader } from "./inspect-header";
import { mapInspectSample, mapInspectTask, newSampleStats, type SampleStats } from "./inspect-sample";
import { sampleScores } from "./inspect-scores";
import { idString, noteOverflows } from "./json-value";

/** A parsed sample and where it came from (`samples[3]` in a .json log, `samples/3_epoch_1.json` in an .eval). */
export interface LocatedSample {
  path: string;
  sample: Record<string, unknown>;
}

/** Collects the tasks (one per sample id, first occurrence wins) while samples go by. */
export class InspectTaskList {
  readonly tasks: TaskInput[] = [];
  /** Numbers of a sample's target and choices stored other than as given (kept as text): warned once read. */
  readonly notes = new FieldNotes();
  private readonly seen = new Set<string>();
  firstScorers: string[] | undefined;

  add({ sample, path }: LocatedSample, log: ConversionLog): void {
    if (this.firstScorers === undefined) {
      const scorers = Object.keys(sampleScores(sample));
      if (scorers.length > 0) this.firstScorers = scorers;
    }
    const id = idString(sample.id);
    if (id !== undefined && this.seen.has(id)) return;
    const task = mapInspectTask(sample, path, log, this.notes);
    if (!task) return;
    this.seen.add(task.id);
    this.tasks.push(task);
  }
}

export interface InspectConversion {
  header: {
    schemaVersion: typeof BUNDLE_SCHEMA_VERSION;
    suite: ReturnType<typeof mapInspectSuite>;
    tasks: TaskInput[];
    runs: ReturnType<typeof mapInspectRun>[];
  };
  mapSample: (located: LocatedSample) => TrajectoryInput | undefined;
  stats: SampleStats;
  trials: TrialNumbering;
}

/** The bundle header of one Inspect log and a mapper for its samples (one run, one suite). */
export function startInspectConversion(
  header: InspectHeader,
  tasks: InspectTaskList,
  fileName: string,
  scorer: string | undefined,
  log: ConversionLog,
): InspectConversion {
  const primary = choosePrimaryScorer(header, scorer, tasks.firstScorers ?? [], log);
  const run = mapInspectRun(header, fileName, primary, log);
  const stats = newSampleStats();
  for (const key of ["eval", "plan", "results", "stats"] as const)
    noteOverflows(header[key], { path: key, notes: stats.notes });
  const trials = new TrialNumbering();
  return {
    header: {
      schemaVersion: BUNDLE_SCHEMA_VERSION,
      suite: mapInspectSuite(header.eval),
      tasks: tasks.tasks,
      runs: [run],
    },
    mapSample: ({ sample, path }) =>
      mapInspectSample(sample, path, { runId: run.id, scorer: primary.name, trials, stats, log }),
    stats,
    trials,
  };
}

/** Warnings that summarise what was mapped; called once every sample has been read. */
export function summarizeInspectConversion(conversion: InspectConversion, log: ConversionLog): void {
  const { stats, trials } = conversion;
  if (stats.errors > 0)
    log.warnings.push(
      `${stats.errors} samples stopped with an error; they are kept with stop reason "infrastructure_error" and left out of success metrics`,
    );
  if (stats.limits > 0) log.warnings.push(`${stats.limits} samples hit a limit (stop reason "<type>_limit")`);
  if (stats.unscored > 0)
    log.warnings.push(
      `${stats.unscored} samples have no value for the primary scorer; their reward and success are n/a`,
    );
  if (stats.unconvertibleScores > 0)
    log.warnings.push(
      `${stats.unconvertibleScores} score values could not be read as numbers and count as 0, as Inspect's value_to_float does`,
    );
  if (stats.unparsedArguments > 0)
    log.warnings.push(
      `${stats.unparsedArguments} tool calls had arguments that are not a JSON object; kept as {"_unparsed": text}`,
    );
  if (stats.nonTextParts > 0)
    log.warnings.push(
      `${stats.nonTextParts} message parts that are not text (images, audio, reasoning) are shown as placeholders`,
    );
  if (trials.renumbered > 0)
    log.warnings.push(`${trials.renumbered} samples had a missing or repeated epoch and were numbered anew`);
  log.warnings.push(...stats.notes.warnings());
  log.warnings.push(
    'Inspect records no stop reason for samples that ran to the end: they get "completed", marked inferred',
  );
}
