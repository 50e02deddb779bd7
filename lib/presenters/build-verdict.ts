import {
  isErrorLikeStopReason,
  isFinishedStopReason,
  isTurnLimitStopReason,
  normalizeStopReason,
} from "@/lib/metrics/classify-stop-reason";
import { buildBundleVerdict } from "./verdict-bundle";
import type { VerdictInput } from "./verdict-input";
import { buildTauBenchVerdict } from "./verdict-tau-bench";
import { buildTau2Verdict } from "./verdict-tau2";
import type { VerdictModel } from "./verdict-types";

/** The benchmark's own verdict of one trajectory, by the format its run came in. */
export function buildVerdict(input: VerdictInput): VerdictModel {
  const verdict = buildByFormat(input);
  const early = earlyTerminationHeadline(input.stopReason ?? null, verdict);
  return early === null ? verdict : { ...verdict, headline: early };
}

function buildByFormat(input: VerdictInput): VerdictModel {
  if (
    input.sourceFormat === "tau2" ||
    input.sourceFormat === "tau2-archive" ||
    input.sourceFormat === "tau2-submission"
  )
    return buildTau2Verdict(input);
  if (input.sourceFormat === "tau-bench") return buildTauBenchVerdict(input);
  return buildBundleVerdict(input);
}

// tau2's evaluate_simulation gives reward 0 without evaluating any check when a simulation ends this way.
const TAU2_ZERO_REWARD_TERMINATIONS: Record<string, string> = {
  max_steps: "it reached the step limit",
  too_many_errors: "it hit too many tool errors",
};

/**
 * A failed trajectory that ended early is headed by its termination: for tau2's max_steps and too_many_errors that
 * termination alone set the reward to 0 (the checks were not what failed it); for other early stops (a turn limit,
 * an agent or user error) the termination comes first and the first failed check follows.
 */
export function earlyTerminationHeadline(stopReason: string | null, verdict: VerdictModel): string | null {
  const reason = normalizeStopReason(stopReason);
  if (reason === null || verdict.passed !== false || isFinishedStopReason(reason)) return null;
  const zeroReward = TAU2_ZERO_REWARD_TERMINATIONS[reason];
  if (verdict.source === "tau2" && zeroReward)
    return `Terminated early (${reason}): ${zeroReward}, so tau2 set the reward to 0 without evaluating the checks`;
  if (!isTurnLimitStopReason(reason) && !isErrorLikeStopReason(reason)) return null;
  const cause = isTurnLimitStopReason(reason) ? "it reached the turn limit" : "the conversation stopped on an error";
  return `Terminated early (${reason}): ${cause}${verdict.headline ? `; ${verdict.headline}` : ""}`;
}
