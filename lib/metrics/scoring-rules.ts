/**
 * Which definition of the reply check and of a missing reward applies to a run, by the format its
 * bundle came in. The benchmarks define these themselves; we follow their code, not our own taste.
 */
export type ReplyRule =
  /** Loopscope bundles (seed 002's scorer): every required string, case-sensitive, in the final agent reply. */
  | "final-reply"
  /**
   * tau2 `CommunicateEvaluator` and tau-bench `calculate_reward`: each required string, lower-cased, is a
   * substring of some agent message lower-cased with its commas removed (the required string keeps its own).
   */
  | "any-agent-message";

export interface ScoringRules {
  replyRule: ReplyRule;
  /**
   * tau2 turns a simulation without `reward_info` into reward NaN, and `is_successful(NaN)` is false:
   * a failure in pass^k, left out of the mean reward. Elsewhere a missing reward leaves success to the checks.
   */
  missingRewardIsFailure: boolean;
}

/** Bump when a stored per-trajectory score changes definition: stored scores of older runs are recomputed. */
export const SCORES_VERSION = 2;

export function scoringRulesFor(sourceFormat: string | null | undefined): ScoringRules {
  if (sourceFormat === "tau2" || sourceFormat === "tau2-archive" || sourceFormat === "tau2-submission")
    return { replyRule: "any-agent-message", missingRewardIsFailure: true };
  if (sourceFormat === "tau-bench") return { replyRule: "any-agent-message", missingRewardIsFailure: false };
  return { replyRule: "final-reply", missingRewardIsFailure: false };
}
