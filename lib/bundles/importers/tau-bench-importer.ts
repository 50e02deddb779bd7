import { BUNDLE_SCHEMA_VERSION } from "../schema/common";
import type { BundleIssue } from "../issues";
import type { ConvertedRecord, DocumentImporter, ImportResult, StreamingConversion } from "./types";
import {
  newConversionLog,
  TrialNumbering,
  type BundleDocumentInput,
  type ConversionLog,
  type RunInput,
  type TaskInput,
  type TrajectoryInput,
} from "./bundle-input";
import { fileStem } from "./file-name";
import { inferModel } from "./infer-model";
import {
  compact,
  finiteNumber,
  idString,
  isRecord,
  nonFiniteAt,
  nonNegativeInteger,
  noteOverflows,
  rewardIssue,
  stringOr,
  toJsonValue,
} from "./json-value";
import { FieldNotes } from "./field-notes";
import { readNumber } from "./number-rules";
import { mapTauBenchTraj, type TauBenchEventStats } from "./tau-bench-events";
import { describeTauBenchSource, type TauBenchSource } from "./tau-bench-source";
import { inferTauBenchStopReason } from "./tau-bench-stop-reason";
import { mapTauBenchTask } from "./tau-bench-tasks";
import { extractTauBenchRunMetadata } from "./tau-bench-run-metadata";

export function isTauBenchResults(document: unknown): document is unknown[] {
  if (!Array.isArray(document) || document.length === 0) return false;
  const first: unknown = document[0];
  return isRecord(first) && "task_id" in first && "traj" in first;
}

function mapRun(
  source: TauBenchSource,
  domain: string,
  fileName: string,
  userCost: number | undefined,
  log: ConversionLog,
): RunInput {
  const model = inferModel(source.model ?? "unknown");
  log.warnings.push(
    source.modelFrom === undefined
      ? 'neither the content nor the file name names the model; it is recorded as "unknown"'
      : `model "${model.name}" taken from the ${source.modelFrom}`,
  );
  const metadata = extractTauBenchRunMetadata(source, fileName);
  if (model.provider !== undefined) metadata.modelProvider = model.provider;
  // tau-bench records only the user simulator's cost per result, never the agent's: it is kept here, not as trajectory cost.
  if (userCost !== undefined) metadata.userSimulatorCostUsd = userCost;
  const stem = fileStem(fileName);
  return compact({
    id: stem !== "" ? stem : `tau-bench-${domain}-${model.name}`,
    name: `${model.name} on tau-bench/${domain}`,
    model: compact({ name: model.name, family: model.family, size: model.size }),
    variant: model.variant,
    pairingKey: model.pairingKey,
    agent:
      source.agentStrategy === undefined
        ? undefined
        : compact({
            name: source.agentStrategy,
            config: source.temperature === undefined ? undefined : { temperature: source.temperature },
          }),
    userSimulator:
      source.userModel === undefined
        ? undefined
        : compact({ name: source.userStrategy, config: { llm: source.userModel } }),
    metadata,
  });
}

/** The agent's system prompt is the domain policy; it is the same for every result of a run. */
function policyOf(results: Record<string, unknown>[]): string | undefined {
  for (const result of results) {
    const first: unknown = Array.isArray(result.traj) ? result.traj[0] : undefined;
    if (isRecord(first) && first.role === "system") return stringOr(first.content);
  }
  return undefined;
}

/** Checks one result; only results without issues are kept for conversion. */
function checkResult(item: unknown, index: number): BundleIssue[] {
  if (!isRecord(item)) return [{ path: `[${index}]`, message: "each result must be a JSON object" }];
  if (idString(item.task_id) === undefined)
    return [{ path: `[${index}].task_id`, message: "a result needs a task_id" }];
  if (item.traj !== undefined && item.traj !== null && !Array.isArray(item.traj))
    return [{ path: `[${index}].traj`, message: "traj must be a list of messages" }];
  const reward = rewardIssue(item.reward);
  if (reward) return [{ path: `[${index}].reward`, message: reward }];
  const info = isRecord(item.info) ? item.info.reward_info : undefined;
  const overflow = nonFiniteAt(info, `[${index}].info.reward_info`);
  if (overflow) return [{ path: overflow, message: "the number is too large (it overflows to infinity)" }];
  return [];
}

/**
 * The run's model, domain, policy, tasks and user cost depend on every result, so a
 * tau-bench file is read in two passes: `collect` sees each result once and keeps only
 * what the header needs; `start` then converts the results replayed one at a time.
 */
export class TauBenchCollector {
  /** The first result naming a model and the first naming a domain or policy: enough for describeTauBenchSource. */
  private readonly sourceSamples: Record<string, unknown>[] = [];
  private modelSeen = false;
  private domainSeen = false;
  private policy: string | undefined;
  private readonly tasks = new Map<string, TaskInput>();
  private userCost: number | undefined;
  /** A user_cost was refused (negative, overflowing): the run's total is unknown rather than short. */
  private userCostRefused = false;
  private results = 0;
  /** Read while collecting and converting; their warnings are added when the conversion finishes. */
  private readonly notes = new FieldNotes();

  constructor(private readonly fileName: string) {}

  collect(item: unknown, index: number): BundleIssue[] {
    const issues = checkResult(item, index);
    if (issues.length > 0 || !isRecord(item)) return issues;
    this.results += 1;
    if (!this.modelSeen && describeTauBenchSource([item], "").modelFrom !== undefined) {
      this.modelSeen = true;
      this.sourceSamples.push(item);
    }
    if (!this.domainSeen && describeTauBenchSource([item], "").domainFrom !== undefined) {
      this.domainSeen = true;
      this.sourceSamples.push(item);
    }
    this.policy ??= policyOf([item]);
    const task = idString(item.task_id) ?? "";
    const info = isRecord(item.info) ? item.info : {};
    // Crashed runs record no task, so a later trial of the same task may be the first to define it.
    if (!this.tasks.has(task) || (this.tasks.get(task)?.goal === undefined && isRecord(info.task))) {
      this.tasks.set(task, mapTauBenchTask(task, info.task));
      noteOverflows(info.task, { path: `[${index}].info.task`, notes: this.notes });
    }
    const cost = readNumber(info.user_cost, "nonNegative", { path: `[${index}].info.user_cost`, notes: this.notes });
    if (cost.issue) return [cost.issue];
    if (cost.value !== undefined) this.userCost = (this.userCost ?? 0) + cost.value;
    else if (info.user_cost != null) this.userCostRefused = true;
    return [];
  }

  start(): StreamingConversion {
    const log = newConversionLog();
    const source = describeTauBenchSource(this.sourceSamples, this.fileName);
    const domain = source.domain ?? "unknown";
    log.warnings.push(
      source.domainFrom === undefined
        ? 'the domain is named neither in the content nor in the file name; the suite is "tau-bench/unknown"'
        : `domain "${domain}" taken from the ${source.domainFrom}`,
    );
    const run = mapRun(source, domain, this.fileName, this.userCostRefused ? undefined : this.userCost, log);
    const trials = new TrialNumbering();
    const stats: TauBenchEventStats = { unparsedArguments: 0, notes: this.notes };
    let inferredStops = 0;

    const convert = (raw: unknown, index: number): ConvertedRecord => {
      const issues = checkResult(raw, index);
      if (issues.length > 0 || !isRecord(raw)) return { issues };
      const task = idString(raw.task_id) ?? "";
      const info = isRecord(raw.info) ? raw.info : {};
      const traj = Array.isArray(raw.traj) ? raw.traj : [];
      const trajectory: TrajectoryInput = {
        run: run.id,
        task,
        trial: trials.assign(task, nonNegativeInteger(raw.trial)),
        stopReason: inferTauBenchStopReason(traj.filter(isRecord), info),
        stopReasonInferred: true,
        events: mapTauBenchTraj(traj, stats, `[${index}].traj`),
      };
      inferredStops += 1;
      const reward = finiteNumber(raw.reward);
      if (reward !== undefined) trajectory.reward = reward;
      const breakdown = isRecord(info.reward_info) ? toJsonValue(info.reward_info) : undefined;
      if (breakdown !== undefined) trajectory.rewardBreakdown = breakdown;
      return { trajectory, issues: [] };
    };

    const finish = () => {
      if (inferredStops > 0)
        log.warnings.push(
          "tau-bench stores no termination reason: stop reasons are inferred from the conversation (stopReasonInferred)",
        );
      if (trials.renumbered > 0)
        log.warnings.push(
          `${trials.renumbered} results had a missing or repeated trial number for their task and were numbered anew`,
        );
      if (stats.unparsedArguments > 0)
        log.warnings.push(
          `${stats.unparsedArguments} tool calls had arguments that are not a JSON object; kept as {"_unparsed": text}`,
        );
      log.warnings.push(...this.notes.warnings());
    };

    const header: BundleDocumentInput = {
      schemaVersion: BUNDLE_SCHEMA_VERSION,
      suite: compact({ name: `tau-bench/${domain}`, version: "", domain, policy: this.policy, tools: [] }),
      tasks: [...this.tasks.values()],
      runs: [run],
      trajectories: [],
      turnPredictions: [],
    };
    return { format: "tau-bench", header, warnings: log.warnings, headerIssues: [], convert, finish };
  }
}

function convertTauBench(document: unknown, fileName: string): ImportResult {
  if (!isTauBenchResults(document))
    return {
      ok: false,
      issues: [{ path: "", message: "not tau-bench results: expected a list of {task_id, reward, info, traj, trial}" }],
    };
  const collector = new TauBenchCollector(fileName);
  const issues = document.flatMap((item, index) => collector.collect(item, index));
  if (issues.length > 0) return { ok: false, issues };
  const conversion = collector.start();
  const trajectories = document.flatMap((item, index) => conversion.convert(item, index).trajectory ?? []);
  conversion.finish();
  return {
    ok: true,
    format: "tau-bench",
    document: { ...conversion.header, trajectories },
    warnings: conversion.warnings,
  };
}

/** tau-bench v1 results: a JSON list of {task_id, reward, info, traj, trial}, one run per file. */
export const tauBenchImporter: DocumentImporter = {
  format: "tau-bench",
  matches: isTauBenchResults,
  convert: (document, context) => convertTauBench(document, context.fileName),
};
