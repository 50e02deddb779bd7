import { isFinishedStopReason, normalizeStopReason } from "./classify-stop-reason";
import type { TrajectoryOutcome } from "./types";

/** Same tolerance as tau-bench `display_metrics` and tau2 `is_successful`. */
export const REWARD_TOLERANCE = 1e-6;

type SuccessInput = Pick<
  TrajectoryOutcome,
  "reward" | "stopReason" | "stateMatch" | "replyCheck" | "missingRewardIsFailure"
>;

/**
 * true/false/null (unknown). An external reward always wins: success iff
 * |reward - 1| <= 1e-6. Otherwise seed 002's state-based rule: stopped with a
 * finished reason, no check failed, and at least one check exists. Failing
 * check -> false whatever the stop reason; no check at all -> null; checks
 * pass but stop reason missing -> null, because we cannot tell whether the
 * run ended normally. Where the source scores every trajectory with a reward
 * (tau2: `missingRewardIsFailure`), a missing reward is a failure.
 */
export function isTrajectorySuccess(t: SuccessInput): boolean | null {
  if (t.reward !== null) return Math.abs(t.reward - 1) <= REWARD_TOLERANCE;
  if (t.missingRewardIsFailure === true) return false;
  if (t.stateMatch === null && t.replyCheck === null) return null;
  if (t.stateMatch === false || t.replyCheck === false) return false;
  if (normalizeStopReason(t.stopReason) === null) return null;
  return isFinishedStopReason(t.stopReason);
}
