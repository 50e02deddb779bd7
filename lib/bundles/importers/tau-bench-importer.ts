import { BUNDLE_SCHEMA_VERSION } from "../schema/common";
import type { DocumentImporter, ImportResult } from "./types";
import { newConversionLog, TrialNumbering, type BundleDocumentInput, type ConversionLog, type RunInput, type TaskInput, type TrajectoryInput } from "./bundle-input";
import { fileStem } from "./file-name";
import { inferModel } from "./infer-model";
import { compact, finiteNumber, idString, isRecord, nonNegativeInteger, stringOr, toJsonValue } from "./json-value";
import { mapTauBenchTraj, type TauBenchEventStats } from "./tau-bench-events";
import { describeTauBenchSource, type TauBenchSource } from "./tau-bench-source";
import { inferTauBenchStopReason } from "./tau-bench-stop-reason";
import { mapTauBenchTask } from "./tau-bench-tasks";
import { extractTauBenchRunMetadata } from "./tau-bench-run-metadata";

function isTauBenchResults(document: unknown): document is unknown[] {
  if (!Array.isArray(document) || document.length === 0) return false;
  const first: unknown = document[0];
  return isRecord(first) && "task_id" in first && "traj" in first;
}

function mapRun(source: TauBenchSource, domain: string, fileName: string, userCost: number | undefined, log: ConversionLog): RunInput {
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
    agent: source.agentStrategy === undefined ? undefined : compact({ name: source.agentStrategy, config: source.temperature === undefined ? undefined : { temperature: source.temperature } }),
    userSimulator: source.userModel === undefined ? undefined : compact({ name: source.userStrategy, config: { llm: source.userModel } }),
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

function convertTauBench(document: unknown, fileName: string): ImportResult {
  if (!isTauBenchResults(document)) return { ok: false, issues: [{ path: "", message: "not tau-bench results: expected a list of {task_id, reward, info, traj, trial}" }] };
  const log = newConversionLog();
  const results: Record<string, unknown>[] = [];
  document.forEach((item, index) => {
    if (!isRecord(item)) log.issues.push({ path: `[${index}]`, message: "each result must be a JSON object" });
    else if (idString(item.task_id) === undefined) log.issues.push({ path: `[${index}].task_id`, message: "a result needs a task_id" });
    else if (item.traj !== undefined && item.traj !== null && !Array.isArray(item.traj)) log.issues.push({ path: `[${index}].traj`, message: "traj must be a list of messages" });
    else results.push(item);
  });
  if (log.issues.length > 0) return { ok: false, issues: log.issues };

  const source = describeTauBenchSource(results, fileName);
  const domain = source.domain ?? "unknown";
  log.warnings.push(source.domainFrom === undefined ? 'the domain is named neither in the content nor in the file name; the suite is "tau-bench/unknown"' : `domain "${domain}" taken from the ${source.domainFrom}`);

  const tasks = new Map<string, TaskInput>();
  const trials = new TrialNumbering();
  const stats: TauBenchEventStats = { unparsedArguments: 0 };
  const trajectories: TrajectoryInput[] = [];
  let userCost: number | undefined;
  let inferredStops = 0;
  for (const result of results) {
    const task = idString(result.task_id) ?? "";
    const info = isRecord(result.info) ? result.info : {};
    // Crashed runs record no task, so a later trial of the same task may be the first to define it.
    if (!tasks.has(task) || (tasks.get(task)?.goal === undefined && isRecord(info.task))) tasks.set(task, mapTauBenchTask(task, info.task));
    const traj = Array.isArray(result.traj) ? result.traj : [];
    const trajectory: TrajectoryInput = {
      run: "",
      task,
      trial: trials.assign(task, nonNegativeInteger(result.trial)),
      stopReason: inferTauBenchStopReason(traj.filter(isRecord), info),
      stopReasonInferred: true,
      events: mapTauBenchTraj(traj, stats),
    };
    inferredStops += 1;
    const reward = finiteNumber(result.reward);
    if (reward !== undefined) trajectory.reward = reward;
    const breakdown = isRecord(info.reward_info) ? toJsonValue(info.reward_info) : undefined;
    if (breakdown !== undefined) trajectory.rewardBreakdown = breakdown;
    const cost = finiteNumber(info.user_cost);
    if (cost !== undefined) userCost = (userCost ?? 0) + cost;
    trajectories.push(trajectory);
  }

  const run = mapRun(source, domain, fileName, userCost, log);
  for (const trajectory of trajectories) trajectory.run = run.id;
  if (inferredStops > 0) log.warnings.push("tau-bench stores no termination reason: stop reasons are inferred from the conversation (stopReasonInferred)");
  if (trials.renumbered > 0) log.warnings.push(`${trials.renumbered} results had a missing or repeated trial number for their task and were numbered anew`);
  if (stats.unparsedArguments > 0) log.warnings.push(`${stats.unparsedArguments} tool calls had arguments that are not a JSON object; kept as {"_unparsed": text}`);

  const bundle: BundleDocumentInput = {
    schemaVersion: BUNDLE_SCHEMA_VERSION,
    suite: compact({ name: `tau-bench/${domain}`, version: "", domain, policy: policyOf(results), tools: [] }),
    tasks: [...tasks.values()],
    runs: [run],
    trajectories,
    turnPredictions: [],
  };
  return { ok: true, format: "tau-bench", document: bundle, warnings: log.warnings };
}

/** tau-bench v1 results: a JSON list of {task_id, reward, info, traj, trial}, one run per file. */
export const tauBenchImporter: DocumentImporter = {
  format: "tau-bench",
  matches: isTauBenchResults,
  convert: (document, context) => convertTauBench(document, context.fileName),
};
