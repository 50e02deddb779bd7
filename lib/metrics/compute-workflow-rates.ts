import { isErrorLikeStopReason, isInfrastructureStopReason, isTurnLimitStopReason } from "./classify-stop-reason";
import { isTrajectorySuccess } from "./is-trajectory-success";
import type { CountRate, TrajectoryOutcome } from "./types";
import type { RecoveryRate } from "@/lib/contracts/run-metric-results";
export type { RecoveryRate } from "@/lib/contracts/run-metric-results";

export function toCountRate(count: number, eligible: number): CountRate {
  return { count, eligible, rate: eligible > 0 ? count / eligible : null };
}

/** Infrastructure failures are removed from every outcome metric. */
export function withoutInfrastructureFailures(trajectories: readonly TrajectoryOutcome[]): TrajectoryOutcome[] {
  return trajectories.filter((t) => !isInfrastructureStopReason(t.stopReason));
}

/**
 * Seed 000 protocol (iv), closed-loop completion: the run reached the end of
 * the conversation (stop reason neither turn-limit nor error-like; a missing
 * stop reason is not evidence of either) and left no unresolved tool error.
 * Eligible: tool-requiring trajectories.
 */
export function isToolWorkflowComplete(t: TrajectoryOutcome): boolean {
  return (
    !isTurnLimitStopReason(t.stopReason) && !isErrorLikeStopReason(t.stopReason) && t.unresolvedToolErrorCount === 0
  );
}

export function computeToolWorkflowCompletion(trajectories: readonly TrajectoryOutcome[]): CountRate {
  const eligible = withoutInfrastructureFailures(trajectories).filter((t) => t.requiresTools);
  return toCountRate(eligible.filter(isToolWorkflowComplete).length, eligible.length);
}

/**
 * Seed 000 protocol (v), holistic judgment: goal completed per the judge, no
 * policy violation flagged, no unresolved tool error. Eligible: tool-requiring
 * trajectories the judge labelled (goalCompleted non-null).
 */
export function isHolisticSuccess(t: TrajectoryOutcome): boolean {
  return t.judge.goalCompleted === true && t.judge.policyViolation !== true && t.unresolvedToolErrorCount === 0;
}

export function computeHolisticSuccess(trajectories: readonly TrajectoryOutcome[]): CountRate {
  const eligible = withoutInfrastructureFailures(trajectories).filter(
    (t) => t.requiresTools && t.judge.goalCompleted !== null,
  );
  return toCountRate(eligible.filter(isHolisticSuccess).length, eligible.length);
}

/** Seed 002: among trajectories with at least one tool error and a known outcome, the share that still succeed. */
export function computeRecovery(trajectories: readonly TrajectoryOutcome[]): RecoveryRate {
  let errorTrajectories = 0;
  let recovered = 0;
  for (const t of withoutInfrastructureFailures(trajectories)) {
    if (t.toolErrorCount <= 0) continue;
    const success = isTrajectorySuccess(t);
    if (success === null) continue;
    errorTrajectories += 1;
    if (success) recovered += 1;
  }
  return { errorTrajectories, recovered, rate: errorTrajectories > 0 ? recovered / errorTrajectories : null };
}
