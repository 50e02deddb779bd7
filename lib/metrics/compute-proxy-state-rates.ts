import { clusterBootstrapShareStandardError } from "./bootstrap";
import { withoutInfrastructureFailures } from "./compute-workflow-rates";
import type { BootstrapOptions, TrajectoryOutcome } from "./types";

export interface BootstrappedRate {
  /** count / n; null when n is 0. */
  value: number | null;
  /** Task-cluster bootstrap standard error; null when n is 0 or fewer than two tasks are labelled. */
  se: number | null;
  /** Trajectories where the label is non-null. */
  n: number;
  count: number;
}

/** Per trajectory: null = not labelled (excluded from the denominator), else whether the indicator fires. */
export type Indicator = (t: TrajectoryOutcome) => boolean | null;

function share(items: readonly { hit: boolean }[]): number | null {
  return items.length === 0 ? null : items.filter((i) => i.hit).length / items.length;
}

/**
 * Seed 003's Rate(x) = mean of a binary indicator over labelled trajectories
 * (rollouts pooled across scenarios), with the SE from resampling tasks.
 */
export function computeBootstrappedRate(
  trajectories: readonly TrajectoryOutcome[],
  indicator: Indicator,
  options: BootstrapOptions = {},
): BootstrappedRate {
  const labelled: { taskId: string; hit: boolean }[] = [];
  for (const t of trajectories) {
    const hit = indicator(t);
    if (hit !== null) labelled.push({ taskId: t.taskId, hit });
  }
  const count = labelled.filter((l) => l.hit).length;
  return {
    value: share(labelled),
    se:
      labelled.length === 0
        ? null
        : clusterBootstrapShareStandardError(
            labelled,
            (l) => l.taskId,
            (l) => l.hit,
            options,
          ),
    n: labelled.length,
    count,
  };
}

export interface ProxyStateRates {
  goalCompletion: BootstrappedRate;
  userError: BootstrappedRate;
  agentError: BootstrappedRate;
  toolHallucination: BootstrappedRate;
  userHallucination: BootstrappedRate;
  policyViolation: BootstrappedRate;
}

export function computeProxyStateRates(
  trajectories: readonly TrajectoryOutcome[],
  options: BootstrapOptions = {},
): ProxyStateRates {
  const scored = withoutInfrastructureFailures(trajectories);
  const source = (t: TrajectoryOutcome) => t.judge.errorSource;
  return {
    goalCompletion: computeBootstrappedRate(scored, (t) => t.judge.goalCompleted, options),
    userError: computeBootstrappedRate(scored, (t) => (source(t) === null ? null : source(t) === "user"), options),
    agentError: computeBootstrappedRate(scored, (t) => (source(t) === null ? null : source(t) === "agent"), options),
    toolHallucination: computeBootstrappedRate(scored, (t) => t.judge.toolHallucination, options),
    userHallucination: computeBootstrappedRate(scored, (t) => t.judge.userHallucination, options),
    policyViolation: computeBootstrappedRate(scored, (t) => t.judge.policyViolation, options),
  };
}
