import type { JsonObject } from "../schema/common";
import type { ConversionLog, EventInput, TaskInput, TrajectoryInput } from "./bundle-input";
import type { TrialNumbering } from "./bundle-input";
import { FieldNotes } from "./field-notes";
import { readNumber, type NumberRule } from "./number-rules";
import { compact, idString, isRecord, nonEmptyString, nonNegativeInteger, stringOr, toJsonValue } from "./json-value";
import { mapInspectMessage, resolveAttachments, type InspectMessageStats } from "./inspect-messages";
import { convertScoreValue, sampleScores } from "./inspect-scores";

/** What a sample that was halted by an error becomes: excluded from success metrics like tau2's infrastructure errors. */
export const INSPECT_ERROR_STOP_REASON = "infrastructure_error";
/** Inspect records no stop reason for a sample that ran to the end; this one is marked inferred. */
export const INSPECT_COMPLETED_STOP_REASON = "completed";

export interface SampleStats extends InspectMessageStats {
  errors: number;
  limits: number;
  unscored: number;
  unconvertibleScores: number;
}

export function newSampleStats(): SampleStats {
  return {
    unparsedArguments: 0,
    nonTextParts: 0,
    errors: 0,
    limits: 0,
    unscored: 0,
    unconvertibleScores: 0,
    notes: new FieldNotes(),
  };
}

export interface SampleContext {
  runId: string;
  /** The primary scorer: its value is the trajectory's reward. */
  scorer: string | undefined;
  trials: TrialNumbering;
  stats: SampleStats;
  log: ConversionLog;
}

/** Where sampleScores found a scorer's score: in the `scores` map, or version 1's single `score`. */
function scorePath(sample: Record<string, unknown>, path: string, scorer: string): string {
  return isRecord(sample.scores) ? `${path}.scores.${scorer}` : `${path}.score`;
}

/** The scores as JSON, each noted at the place it came from. */
function scoresJson(sample: Record<string, unknown>, scores: Record<string, unknown>, path: string, notes: FieldNotes) {
  const out: JsonObject = {};
  for (const [name, score] of Object.entries(scores)) {
    const value = toJsonValue(score, { path: scorePath(sample, path, name), notes });
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function attachmentsOf(sample: Record<string, unknown>): Record<string, unknown> {
  return isRecord(sample.attachments) ? sample.attachments : {};
}

/** `input` is a string or a list of chat messages; a list is shown one "role: text" paragraph per message. */
function inputText(input: unknown, attachments: Record<string, unknown>): string | undefined {
  if (typeof input === "string") return resolveAttachments(input, attachments);
  if (!Array.isArray(input)) return undefined;
  const parts = input.flatMap((message) => {
    if (!isRecord(message)) return [];
    const content = typeof message.content === "string" ? message.content : JSON.stringify(message.content ?? "");
    return [`${stringOr(message.role) ?? "message"}: ${resolveAttachments(content, attachments)}`];
  });
  return parts.length > 0 ? parts.join("\n\n") : undefined;
}

function targetText(target: unknown): string | undefined {
  if (typeof target === "string") return target;
  if (Array.isArray(target))
    return target.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join("\n");
  return undefined;
}

/** The task a sample id stands for: input as goal, target as the expected answer (kept verbatim in evaluationCriteria too). */
export function mapInspectTask(
  sample: Record<string, unknown>,
  path: string,
  log: ConversionLog,
  notes?: FieldNotes,
): TaskInput | undefined {
  const id = idString(sample.id);
  if (id === undefined) {
    log.issues.push({ path: `${path}.id`, message: "a sample needs an id (string or number)" });
    return undefined;
  }
  const task: TaskInput = { id, requiresTools: false };
  const goal = inputText(sample.input, attachmentsOf(sample));
  if (goal !== undefined) task.goal = goal;
  const target = targetText(sample.target);
  if (target !== undefined && target !== "") task.expectedBehavior = `Expected answer (Inspect target): ${target}`;
  const criteria: JsonObject = {};
  const verbatimTarget = toJsonValue(sample.target, notes && { path: `${path}.target`, notes });
  if (verbatimTarget !== undefined) criteria.target = verbatimTarget;
  const choices = toJsonValue(sample.choices, notes && { path: `${path}.choices`, notes });
  if (choices !== undefined && choices !== null) criteria.choices = choices;
  if (Object.keys(criteria).length > 0) task.evaluationCriteria = criteria;
  return task;
}

/** Reads a numeric field of the sample by its rule; a wrong type is an issue, a value out of the rule a note. */
function sampleNumber(value: unknown, rule: NumberRule, path: string, context: SampleContext): number | undefined {
  const reading = readNumber(value, rule, { path, notes: context.stats.notes });
  if (reading.issue) context.log.issues.push(reading.issue);
  return reading.value;
}

/** Tokens and cost summed over the models a sample used; a cost that was refused leaves the sum unknown. */
function usageOf(sample: Record<string, unknown>, path: string, context: SampleContext): Partial<TrajectoryInput> {
  if (!isRecord(sample.model_usage)) return {};
  let prompt = 0;
  let completion = 0;
  let cost = 0;
  let seenTokens = false;
  let seenCost = false;
  let costRefused = false;
  for (const [model, usage] of Object.entries(sample.model_usage)) {
    if (!isRecord(usage)) continue;
    const at = `${path}.model_usage.${model}`;
    const input = sampleNumber(usage.input_tokens, "count", `${at}.input_tokens`, context);
    const output = sampleNumber(usage.output_tokens, "count", `${at}.output_tokens`, context);
    if (input !== undefined || output !== undefined) seenTokens = true;
    prompt += input ?? 0;
    completion += output ?? 0;
    const total = sampleNumber(usage.total_cost, "nonNegative", `${at}.total_cost`, context);
    if (total !== undefined) {
      cost += total;
      seenCost = true;
    } else if (usage.total_cost != null) costRefused = true;
  }
  return compact({
    usage: seenTokens ? { prompt, completion } : undefined,
    costUsd: seenCost && !costRefused ? cost : undefined,
  });
}

function stopReasonOf(
  sample: Record<string, unknown>,
  stats: SampleStats,
): Pick<TrajectoryInput, "stopReason" | "stopReasonInferred"> {
  if (isRecord(sample.error)) {
    stats.errors += 1;
    return { stopReason: INSPECT_ERROR_STOP_REASON, stopReasonInferred: false };
  }
  const limit = isRecord(sample.limit) ? nonEmptyString(sample.limit.type) : undefined;
  if (limit !== undefined) {
    stats.limits += 1;
    return { stopReason: `${limit}_limit`, stopReasonInferred: false };
  }
  return { stopReason: INSPECT_COMPLETED_STOP_REASON, stopReasonInferred: true };
}

function rewardOf(
  scores: Record<string, unknown>,
  path: string,
  context: SampleContext,
  errored: boolean,
): number | undefined {
  const score = context.scorer === undefined ? undefined : scores[context.scorer];
  // An errored sample has no score in Inspect's metrics either.
  if (errored || !isRecord(score)) {
    if (!errored) context.stats.unscored += 1;
    return undefined;
  }
  const converted = convertScoreValue(score.value);
  if (converted.kind === "overflow") {
    context.log.issues.push({ path: `${path}.value`, message: converted.message });
    return undefined;
  }
  if (converted.kind === "unscored") {
    context.stats.unscored += 1;
    return undefined;
  }
  if (converted.kind === "unconvertible") context.stats.unconvertibleScores += 1;
  return converted.value;
}

function breakdownOf(
  sample: Record<string, unknown>,
  scores: Record<string, unknown>,
  { path, scorer, stats }: { path: string; scorer: string | undefined; stats: SampleStats },
): JsonObject {
  const breakdown: JsonObject = {};
  if (scorer !== undefined) breakdown.scorer = scorer;
  breakdown.scores = scoresJson(sample, scores, path, stats.notes);
  for (const [key, target] of [
    ["error", "error"],
    ["limit", "limit"],
    ["metadata", "sampleMetadata"],
  ] as const) {
    const value = toJsonValue(sample[key], { path: `${path}.${key}`, notes: stats.notes });
    if (value !== undefined && value !== null && !(isRecord(value) && Object.keys(value).length === 0))
      breakdown[target] = value;
  }
  return breakdown;
}

/** Maps one Inspect sample (one sample id x one epoch) to a trajectory. */
export function mapInspectSample(
  sample: Record<string, unknown>,
  path: string,
  context: SampleContext,
): TrajectoryInput | undefined {
  const { log } = context;
  const task = idString(sample.id);
  if (task === undefined) {
    log.issues.push({ path: `${path}.id`, message: "a sample needs an id (string or number)" });
    return undefined;
  }
  if (sample.messages !== undefined && !Array.isArray(sample.messages)) {
    log.issues.push({ path: `${path}.messages`, message: "messages must be a list" });
    return undefined;
  }
  const attachments = attachmentsOf(sample);
  const events: EventInput[] = [];
  (Array.isArray(sample.messages) ? sample.messages : []).forEach((message, index) => {
    const at = `${path}.messages[${index}]`;
    if (isRecord(message)) events.push(...mapInspectMessage(message, index, attachments, context.stats, at));
    else log.issues.push({ path: `${path}.messages[${index}]`, message: "a message must be a JSON object" });
  });
  const scores = sampleScores(sample);
  const stop = stopReasonOf(sample, context.stats);
  const trajectory: TrajectoryInput = {
    run: context.runId,
    task,
    trial: context.trials.assign(task, nonNegativeInteger(sample.epoch)),
    ...stop,
    rewardBreakdown: breakdownOf(sample, scores, { path, scorer: context.scorer, stats: context.stats }),
    ...usageOf(sample, path, context),
    events,
  };
  const uuid = nonEmptyString(sample.uuid);
  trajectory.id = uuid ?? `${task}_epoch_${String(sample.epoch ?? "")}`;
  const errored = stop.stopReason === INSPECT_ERROR_STOP_REASON;
  const reward = rewardOf(scores, scorePath(sample, path, context.scorer ?? ""), context, errored);
  if (reward !== undefined) trajectory.reward = reward;
  const seconds = sampleNumber(sample.total_time, "nonNegative", `${path}.total_time`, context);
  if (seconds !== undefined) trajectory.durationMs = seconds * 1000;
  return trajectory;
}
