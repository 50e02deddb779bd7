import type { JsonObject } from "../schema/common";
import type { BundleIssue } from "../issues";
import type { ConversionLog, RunInput, SuiteInput } from "./bundle-input";
import { fileStem } from "./file-name";
import { inferModel } from "./infer-model";
import { compact, isRecord, nonEmptyString, stringOr, toJsonObject, toJsonValue } from "./json-value";
import { declaredScorers, storedScores, type StoredScore } from "./inspect-scores";

/** Log format versions read here (inspect_ai EvalLog.version; 3 adds the message pool, which only events use). */
export const INSPECT_LOG_VERSIONS = [1, 2, 3] as const;

/** An Inspect log header: `{version, status, eval, plan, results, stats}` (header.json or the top of a .json log). */
export type InspectHeader = Record<string, unknown> & { eval: Record<string, unknown> };

export function isInspectLog(document: unknown): document is InspectHeader {
  return (
    isRecord(document) &&
    isRecord(document.eval) &&
    "version" in document &&
    typeof document.eval.task === "string" &&
    ("plan" in document || "results" in document || "stats" in document || "samples" in document)
  );
}

/** Refuses versions we have not read the format of; `where` names the member or document. */
export function checkInspectVersion(header: Record<string, unknown>, where: string): BundleIssue | undefined {
  const version = header.version;
  if (typeof version === "number" && (INSPECT_LOG_VERSIONS as readonly number[]).includes(version)) return undefined;
  return {
    path: where === "" ? "version" : `${where}:version`,
    message: `unknown Inspect log version ${JSON.stringify(version)}; this importer reads versions ${INSPECT_LOG_VERSIONS.join(", ")}`,
  };
}

/** Task args make a different benchmark, so they are part of the suite's version ("0" or `0 {"n":1}`). */
export function mapInspectSuite(evalSpec: Record<string, unknown>): SuiteInput {
  const task = nonEmptyString(evalSpec.task) ?? "unknown";
  const taskVersion =
    evalSpec.task_version === undefined || evalSpec.task_version === null ? "0" : String(evalSpec.task_version);
  const args = toJsonObject(evalSpec.task_args) ?? {};
  const sorted = Object.fromEntries(Object.entries(args).sort(([a], [b]) => a.localeCompare(b)));
  const version = Object.keys(sorted).length > 0 ? `${taskVersion} ${JSON.stringify(sorted)}` : taskVersion;
  return { name: `inspect/${task}`, version, tools: [] };
}

export interface PrimaryScorer {
  name: string | undefined;
  stored: StoredScore | undefined;
}

/**
 * The scorer whose value becomes each trajectory's reward: the one asked for, else the first
 * in the log's results, else the first declared in the eval spec, else the first in `fallback`
 * (the first sample's scores, for logs written before scoring finished).
 */
export function choosePrimaryScorer(
  header: InspectHeader,
  requested: string | undefined,
  fallback: string[],
  log: ConversionLog,
): PrimaryScorer {
  const stored = storedScores(header.results);
  const known = [...new Set([...stored.map((score) => score.name), ...declaredScorers(header.eval), ...fallback])];
  if (requested !== undefined && requested !== "") {
    if (!known.includes(requested)) {
      log.issues.push({
        path: "scorer",
        message: `scorer "${requested}" is not in this log; it has: ${known.length > 0 ? known.join(", ") : "no scorers"}`,
      });
      return { name: undefined, stored: undefined };
    }
    return { name: requested, stored: stored.find((score) => score.name === requested) };
  }
  const name = known[0];
  if (name === undefined) log.warnings.push("the log has no scores; rewards and success are not available (n/a)");
  else if (known.length > 1)
    log.warnings.push(
      `the log has ${known.length} scorers (${known.join(", ")}); "${name}" is the primary one (choose another with the scorer field)`,
    );
  return { name, stored: stored.find((score) => score.name === name) };
}

function generationConfig(header: InspectHeader): JsonObject | undefined {
  const fromModel = toJsonObject(header.eval.model_generate_config) ?? {};
  const fromPlan = isRecord(header.plan) ? (toJsonObject(header.plan.config) ?? {}) : {};
  const merged = { ...fromPlan, ...fromModel };
  return Object.keys(merged).length > 0 ? merged : undefined;
}

const EVAL_METADATA_KEYS = [
  "run_id",
  "eval_id",
  "task_id",
  "task_version",
  "task_file",
  "created",
  "solver",
  "revision",
  "packages",
  "eval_set_id",
] as const;

export function mapInspectRun(
  header: InspectHeader,
  fileName: string,
  primary: PrimaryScorer,
  log: ConversionLog,
): RunInput {
  const spec = header.eval;
  const rawModel = nonEmptyString(spec.model);
  const model = inferModel(rawModel ?? "unknown");
  log.warnings.push(
    rawModel === undefined
      ? 'eval.model is missing; the model is recorded as "unknown"'
      : `model "${model.name}" taken from eval.model`,
  );
  const metadata: JsonObject = { source: "inspect", logVersion: toJsonValue(header.version) ?? null };
  const status = stringOr(header.status);
  if (status !== undefined) metadata.status = status;
  for (const key of EVAL_METADATA_KEYS) {
    const value = toJsonValue(spec[key]);
    if (value !== undefined && value !== null) metadata[key] = value;
  }
  if (rawModel !== undefined) metadata.modelId = rawModel;
  if (model.provider !== undefined) metadata.modelProvider = model.provider;
  const pairs: Array<[string, unknown]> = [
    ["taskArgs", spec.task_args],
    ["modelArgs", spec.model_args],
    ["evalConfig", spec.config],
    ["tags", spec.tags],
    ["evalMetadata", spec.metadata],
    ["dataset", spec.dataset],
    ["plan", isRecord(header.plan) ? header.plan.steps : undefined],
    ["stats", header.stats],
  ];
  for (const [key, value] of pairs) {
    const converted = toJsonValue(value);
    if (converted !== undefined && converted !== null && !(isRecord(converted) && Object.keys(converted).length === 0))
      metadata[key] = converted;
  }
  const config = generationConfig(header);
  if (config) metadata.generateConfig = config;
  if (primary.name !== undefined) metadata.primaryScorer = primary.name;
  if (primary.stored?.accuracy !== undefined) metadata.inspectAccuracy = primary.stored.accuracy;
  const scores = storedScores(header.results);
  if (scores.length > 0)
    metadata.inspectResults = scores.map((score) => ({ name: score.name, metrics: score.metrics }));
  const task = nonEmptyString(spec.task) ?? "unknown";
  const stem = fileStem(fileName).replace(/\.eval$/i, "");
  const runId = nonEmptyString(spec.run_id);
  const id =
    stem !== "" && stem !== "upload" ? stem : `inspect-${task}-${model.name}${runId === undefined ? "" : `-${runId}`}`;
  return compact({
    id,
    name: `${model.name} on inspect/${task}`,
    model: compact({ name: model.name, family: model.family, size: model.size }),
    variant: model.variant,
    pairingKey: model.pairingKey,
    agent: config ? { name: "inspect", config } : { name: "inspect" },
    metadata,
  });
}
