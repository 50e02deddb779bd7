import type { RunSetting } from "@/lib/contracts/run-summary";

/** The run settings every importer stores in Run.metadata (see docs/importers.md). */
export interface RunSettingFields {
  userMode: string;
  policyVariant: string | null;
  taskSetVersion: number | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads userMode, policyVariant and taskSetVersion from a run's metadata; anything missing is the default. */
export function readRunSetting(metadata: unknown): RunSettingFields {
  const record = isRecord(metadata) ? metadata : {};
  const userMode =
    typeof record.userMode === "string" && record.userMode.trim() !== "" ? record.userMode.trim() : "default";
  const policyVariant =
    typeof record.policyVariant === "string" && record.policyVariant.trim() !== "" ? record.policyVariant.trim() : null;
  const version = record.taskSetVersion;
  const taskSetVersion = typeof version === "number" && Number.isInteger(version) && version > 0 ? version : null;
  return { userMode, policyVariant, taskSetVersion };
}

/**
 * The setting a run was evaluated under, as far as it changes what its numbers mean:
 * the user mode and the policy variant. The task-set version is part of the suite, so it
 * is not repeated here. Key and label are "" for the default setting.
 */
export function describeRunSetting(metadata: unknown): RunSetting {
  const { userMode, policyVariant } = readRunSetting(metadata);
  const keys: string[] = [];
  const labels: string[] = [];
  if (userMode !== "default") {
    keys.push(`user=${userMode}`);
    labels.push(userMode);
  }
  if (policyVariant !== null) {
    keys.push(`policy=${policyVariant}`);
    labels.push(`policy ${policyVariant}`);
  }
  return { key: keys.join("|"), label: labels.join(", ") };
}
