import { clusterBootstrapShareStandardError } from "./bootstrap";
import { withoutInfrastructureFailures } from "./compute-workflow-rates";
import type { BootstrapOptions, TrajectoryOutcome } from "./types";
import type { BootstrappedRate, ProxyStateRates } from "@/lib/contracts/run-metric-results";
export type { BootstrappedRate, ProxyStateRates } from "@/lib/contracts/run-metric-results";

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
