import { BUNDLE_SCHEMA_VERSION } from "../schema/common";
import type { ConvertedRecord, DocumentImporter, ImportResult, StreamingConversion } from "./types";
import { newConversionLog, TrialNumbering, type TaskInput, type TrajectoryInput } from "./bundle-input";
import { FieldNotes } from "./field-notes";
import { isRecord, noteOverflows } from "./json-value";
import { mapTau2Run, mapTau2Suite, tau2Domain } from "./tau2-header";
import { mapTau2Simulation } from "./tau2-simulation";
import { mapTau2Task } from "./tau2-tasks";

export type Tau2Header = Record<string, unknown> & { info: Record<string, unknown> };

function isTau2Results(document: unknown): document is Tau2Header & { simulations: unknown[] } {
  return isRecord(document) && Array.isArray(document.simulations) && isRecord(document.info);
}

/** The header fields tau2 writes before `simulations`; streaming waits for all of them (or the end of the file). */
export const TAU2_HEADER_KEYS = ["timestamp", "info", "tasks"] as const;

/** Starts a tau2 conversion from the document's fields other than `simulations`. */
export function startTau2(document: Tau2Header, fileName: string): StreamingConversion {
  const log = newConversionLog();
  const { info } = document;
  const domain = tau2Domain(info) ?? "unknown";
  if (domain === "unknown")
    log.warnings.push('info.environment_info.domain_name is missing; the suite is named "tau2/unknown"');

  const tasks: TaskInput[] = [];
  const taskIds = new Set<string>();
  const rawTasks = Array.isArray(document.tasks) ? document.tasks : [];
  if (!Array.isArray(document.tasks))
    log.warnings.push("the file has no tasks list; tasks are created from the simulations' task ids");
  rawTasks.forEach((raw, index) => {
    const task = mapTau2Task(raw, `tasks[${index}]`, log);
    if (!task) return;
    if (taskIds.has(task.id)) {
      log.warnings.push(`task "${task.id}" is listed twice; the first definition is kept`);
      return;
    }
    taskIds.add(task.id);
    tasks.push(task);
  });

  const run = mapTau2Run(document, info, domain, fileName, log);
  const suite = mapTau2Suite(info, domain, log);
  const headerIssues = log.issues.splice(0);
  const trials = new TrialNumbering();
  const stats = { droppedTimestamps: 0, unparsedArguments: 0, notes: new FieldNotes(), issues: [] };
  noteOverflows(info, { path: "info", notes: stats.notes });
  noteOverflows(document.tasks, { path: "tasks", notes: stats.notes });

  function convert(raw: unknown, index: number): ConvertedRecord {
    const trajectory = mapTau2Simulation(raw, `simulations[${index}]`, { runId: run.id, trials, stats, log });
    const issues = log.issues.splice(0);
    if (!trajectory || issues.length > 0) return { issues };
    if (taskIds.has(trajectory.task)) return { trajectory, issues };
    taskIds.add(trajectory.task);
    log.warnings.push(
      `simulation ${trajectory.id ?? index} refers to task "${trajectory.task}", which the tasks list lacks; an empty task was added`,
    );
    return { trajectory, addedTask: { id: trajectory.task }, issues };
  }

  function finish(): void {
    if (trials.renumbered > 0)
      log.warnings.push(
        `${trials.renumbered} simulations had a missing or repeated trial number for their task and were numbered anew`,
      );
    if (stats.droppedTimestamps > 0) {
      log.warnings.push(
        `${stats.droppedTimestamps} message timestamps were dropped: tau2 writes local time without a UTC offset (or the offset was beyond ±14:00), so the instant is unknown`,
      );
    }
    log.warnings.push(...stats.notes.warnings());
    if (stats.unparsedArguments > 0)
      log.warnings.push(
        `${stats.unparsedArguments} tool calls had arguments that are not a JSON object; kept as {"_unparsed": text}`,
      );
  }

  return {
    format: "tau2",
    header: { schemaVersion: BUNDLE_SCHEMA_VERSION, suite, tasks, runs: [run], trajectories: [], turnPredictions: [] },
    warnings: log.warnings,
    headerIssues,
    convert,
    finish,
  };
}

function convertTau2(document: unknown, fileName: string): ImportResult {
  if (!isTau2Results(document))
    return {
      ok: false,
      issues: [{ path: "", message: "not a tau2 results document: expected {info: {...}, simulations: [...]}" }],
    };
  const conversion = startTau2(document, fileName);
  const issues = [...conversion.headerIssues];
  const tasks = [...conversion.header.tasks];
  const trajectories: TrajectoryInput[] = [];
  document.simulations.forEach((raw, index) => {
    const converted = conversion.convert(raw, index);
    issues.push(...converted.issues);
    if (converted.addedTask) tasks.push(converted.addedTask);
    if (converted.trajectory) trajectories.push(converted.trajectory);
  });
  if (issues.length > 0) return { ok: false, issues };
  conversion.finish();
  return {
    ok: true,
    format: "tau2",
    document: { ...conversion.header, tasks, trajectories },
    warnings: conversion.warnings,
  };
}

/** tau2-bench results: {timestamp, info, tasks, simulations}, one run per file. */
export const tau2Importer: DocumentImporter = {
  format: "tau2",
  matches: isTau2Results,
  convert: (document, context) => convertTau2(document, context.fileName),
};
