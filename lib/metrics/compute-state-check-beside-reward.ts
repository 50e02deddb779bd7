import { isTrajectorySuccess } from "./is-trajectory-success";
import type { CountRate, TrajectoryOutcome } from "./types";

type StateCheckInput = Pick<
  TrajectoryOutcome,
  "reward" | "stopReason" | "stateMatch" | "replyCheck" | "missingRewardIsFailure"
>;

/**
 * The state-based verdict shown beside a benchmark's own reward: over trajectories that have a
 * reward and at least one check (expected final state or required reply strings), the share
 * that pass by the checks alone. The reward is ignored, and so is `missingRewardIsFailure`:
 * that rule (tau2) is about a missing reward, and here the reward is set aside on purpose —
 * keeping it turned every verdict into a failure. null when no trajectory has both.
 */
export function computeStateCheckBesideReward(outcomes: readonly StateCheckInput[]): CountRate | null {
  const withReward = outcomes.filter((t) => t.reward !== null && (t.stateMatch !== null || t.replyCheck !== null));
  if (withReward.length === 0) return null;
  const verdicts = withReward
    .map((t) => isTrajectorySuccess({ ...t, reward: null, missingRewardIsFailure: false }))
    .filter((v): v is boolean => v !== null);
  const count = verdicts.filter(Boolean).length;
  return { count, eligible: verdicts.length, rate: verdicts.length > 0 ? count / verdicts.length : null };
}
