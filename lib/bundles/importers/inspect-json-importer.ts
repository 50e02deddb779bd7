import type { DocumentImporter, ImportResult } from "./types";
import { newConversionLog, type TrajectoryInput } from "./bundle-input";
import { checkInspectVersion, isInspectLog } from "./inspect-header";
import {
  InspectTaskList,
  startInspectConversion,
  summarizeInspectConversion,
  type LocatedSample,
} from "./inspect-convert";
import { isRecord } from "./json-value";

function convertInspectJson(document: unknown, fileName: string, scorer: string | undefined): ImportResult {
  if (!isInspectLog(document))
    return {
      ok: false,
      issues: [{ path: "", message: "not an Inspect log: expected {version, eval: {task, model, ...}, ...}" }],
    };
  const versionIssue = checkInspectVersion(document, "");
  if (versionIssue) return { ok: false, issues: [versionIssue] };
  const log = newConversionLog();
  if (document.samples !== undefined && !Array.isArray(document.samples))
    return { ok: false, issues: [{ path: "samples", message: "samples must be a list" }] };
  const samples: LocatedSample[] = [];
  (Array.isArray(document.samples) ? document.samples : []).forEach((sample, index) => {
    if (isRecord(sample)) samples.push({ path: `samples[${index}]`, sample });
    else log.issues.push({ path: `samples[${index}]`, message: "a sample must be a JSON object" });
  });
  if (samples.length === 0)
    log.warnings.push("the log holds no samples (written with log_samples off?); the run has no trajectories");
  const tasks = new InspectTaskList();
  for (const sample of samples) tasks.add(sample, log);
  log.warnings.push(...tasks.notes.warnings());
  const conversion = startInspectConversion(document, tasks, fileName, scorer, log);
  const trajectories: TrajectoryInput[] = [];
  for (const sample of samples) {
    const trajectory = conversion.mapSample(sample);
    if (trajectory) trajectories.push(trajectory);
  }
  if (log.issues.length > 0) return { ok: false, issues: log.issues };
  summarizeInspectConversion(conversion, log);
  return {
    ok: true,
    format: "inspect-json",
    document: { ...conversion.header, trajectories, turnPredictions: [] },
    warnings: log.warnings,
  };
}

/** Inspect AI's single-file JSON log: {version, status, eval, plan, results, stats, samples}. */
export const inspectJsonImporter: DocumentImporter = {
  format: "inspect-json",
  matches: isInspectLog,
  convert: (document, context) => convertInspectJson(document, context.fileName, context.scorer),
};
