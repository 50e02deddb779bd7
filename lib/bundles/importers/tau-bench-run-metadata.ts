import type { JsonObject } from "../schema/common";
import { putDefined } from "./run-metadata-common";
import type { TauBenchSource } from "./tau-bench-source";

// tau_bench/run.py writes the task split into no result; only a run.py file name range hints at it.
const TASK_SPLITS = ["test", "train", "dev"] as const;

function taskSplitFromFileName(fileName: string): string | undefined {
  const stem = (fileName.split(/[\\/]/).pop() ?? "").toLowerCase();
  return TASK_SPLITS.find((split) => new RegExp(`(^|[^a-z])${split}([^a-z]|$)`).test(stem));
}

/**
 * What a tau-bench v1 file says about its run, for Run.metadata: env (domain), model, user
 * model and strategy, agent strategy, temperature, task split when the file name states it,
 * and where each came from. tau-bench always simulates a user: userMode is "default".
 */
export function extractTauBenchRunMetadata(source: TauBenchSource, fileName: string): JsonObject {
  const metadata: JsonObject = { source: "tau-bench" };
  putDefined(metadata, "env", source.domain);
  putDefined(metadata, "domainFrom", source.domainFrom);
  putDefined(metadata, "agentModel", source.model);
  putDefined(metadata, "modelFrom", source.modelFrom);
  putDefined(metadata, "agentStrategy", source.agentStrategy);
  putDefined(metadata, "temperature", source.temperature);
  putDefined(metadata, "userModel", source.userModel);
  putDefined(metadata, "userStrategy", source.userStrategy);
  putDefined(metadata, "taskSplit", taskSplitFromFileName(fileName));
  metadata.userMode = "default";
  metadata.policyVariant = null;
  return metadata;
}
