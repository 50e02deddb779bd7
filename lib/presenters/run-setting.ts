/**
 * A run's setting: what, besides model and suite, changes the numbers (user simulator mode, policy variant).
 * Runs of different settings are never paired and get separate experiment-matrix columns.
 * Shared contract with the run-identity work: metadata keys `userMode`, `policyVariant`, `taskSetVersion`.
 */
export type RunSetting = { key: string; label: string };

const DEFAULT_USER_MODES = new Set(["", "default"]);

function readString(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** key "" and label "" for the default setting (default user simulator, no policy variant). */
export function describeRunSetting(metadata: unknown): RunSetting {
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) return { key: "", label: "" };
  const record = metadata as Record<string, unknown>;
  const keys: string[] = [];
  const labels: string[] = [];
  const userMode = readString(record, "userMode");
  if (userMode !== null && !DEFAULT_USER_MODES.has(userMode)) {
    keys.push(`user=${userMode}`);
    labels.push(userMode);
  }
  const policy = readString(record, "policyVariant");
  if (policy !== null) {
    keys.push(`policy=${policy}`);
    labels.push(`policy ${policy}`);
  }
  return { key: keys.join("|"), label: labels.join(", ") };
}
