import { createHash } from "node:crypto";

/** A short digest of a policy text, so runs under different policies of one suite can be told apart. */
export function hashPolicy(policy: string | null | undefined): string {
  return createHash("sha256")
    .update(policy ?? "")
    .digest("hex")
    .slice(0, 12);
}

export interface TaskSetChoice {
  /** The stored suite this upload joins, or null when it needs a new task set. */
  suiteId: string | null;
  /** 1-based position among the task sets of the suite's name and version, oldest first. */
  version: number;
}

/**
 * A suite is one task set: an upload joins the oldest stored task set in which none of its
 * tasks has another definition (a run may cover only some of the tasks); otherwise it starts
 * the next task set of that name.
 */
export function chooseTaskSet(taskSets: readonly { id: string; conflicts: number }[]): TaskSetChoice {
  const index = taskSets.findIndex((set) => set.conflicts === 0);
  const chosen = taskSets[index];
  return chosen ? { suiteId: chosen.id, version: index + 1 } : { suiteId: null, version: taskSets.length + 1 };
}

/**
 * The policy variant of a run: the one its source names, else none when it ran under the
 * suite's first policy, else "v2", "v3", ... by the order in which policies were first seen.
 */
export function choosePolicyVariant({
  named,
  policyHash,
  suitePolicyHash,
  knownHashes,
}: {
  named: string | null;
  policyHash: string;
  suitePolicyHash: string;
  knownHashes: readonly string[];
}): string | null {
  if (named !== null) return named;
  if (policyHash === suitePolicyHash) return null;
  const others = knownHashes.filter((hash) => hash !== suitePolicyHash);
  const index = others.indexOf(policyHash);
  return `v${(index < 0 ? others.length : index) + 2}`;
}
