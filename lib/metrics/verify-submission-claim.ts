import { computePassHatK } from "./compute-pass-hat-k";
import { REWARD_TOLERANCE } from "./is-trajectory-success";

import type { SubmissionPassFigures, SubmissionState } from "@/lib/contracts/run-submission";

export const SUBMISSION_PASS_KEYS = ["pass_1", "pass_2", "pass_3", "pass_4"] as const;
export type SubmissionPassKey = (typeof SUBMISSION_PASS_KEYS)[number];

/** Claims are given to 2 decimals in percent: a recomputed figure within half a unit of the last digit agrees. */
export const CLAIM_ROUNDING = 0.005;

const NONE: SubmissionPassFigures = { pass_1: null, pass_2: null, pass_3: null, pass_4: null };

/**
 * pass^1..pass^4 in percent by tau2-bench's own rule (metrics/agent_metrics.py, pass_hat_k): every simulation
 * counts, success is a reward within 1e-6 of 1 (a missing reward is a failure, as tau2 scores every simulation),
 * pass^k is the mean over tasks of C(c,k)/C(n,k), and k above the fewest trials of any task is n/a.
 */
export function recomputeSubmissionPassHatK(
  trajectories: readonly { taskId: string; reward: number | null }[],
): SubmissionPassFigures {
  const byTask = new Map<string, { n: number; c: number }>();
  for (const { taskId, reward } of trajectories) {
    const counts = byTask.get(taskId) ?? { n: 0, c: 0 };
    counts.n += 1;
    if (reward !== null && Math.abs(reward - 1) <= REWARD_TOLERANCE) counts.c += 1;
    byTask.set(taskId, counts);
  }
  const passHatK = computePassHatK([...byTask.values()]);
  const figures = { ...NONE };
  SUBMISSION_PASS_KEYS.forEach((key, index) => {
    const value = passHatK[index + 1];
    figures[key] = value === undefined || value === null ? null : value * 100;
  });
  return figures;
}

/**
 * "claimed" when there is nothing to recompute from; else "verified" when every claimed figure has a recomputed
 * one within CLAIM_ROUNDING, "differs" when any is further off or cannot be recomputed (k above the trials).
 */
export function compareSubmissionClaim(
  claimed: SubmissionPassFigures,
  recomputed: SubmissionPassFigures | null,
): SubmissionState {
  if (recomputed === null) return "claimed";
  const compared = SUBMISSION_PASS_KEYS.filter((key) => claimed[key] !== null);
  if (compared.length === 0) return "claimed";
  const agrees = (key: SubmissionPassKey) => {
    const ours = recomputed[key];
    // A tiny slack for binary floating point (19/50*100 is 38.00000000000001).
    return ours !== null && Math.abs(ours - (claimed[key] as number)) <= CLAIM_ROUNDING + 1e-9;
  };
  return compared.every(agrees) ? "verified" : "differs";
}
