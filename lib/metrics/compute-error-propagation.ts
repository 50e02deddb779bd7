import { withoutInfrastructureFailures } from "./compute-workflow-rates";
import { isTrajectorySuccess } from "./is-trajectory-success";
import type { TrajectoryOutcome } from "./types";
import type { PositionBin, FailureRate, ErrorPropagation } from "@/lib/contracts/run-metric-results";
export type { PositionBin, FailureRate, ErrorPropagation } from "@/lib/contracts/run-metric-results";

const BINS = 10;

function failureRate(items: readonly TrajectoryOutcome[]): FailureRate {
  const known = items.map(isTrajectorySuccess).filter((s): s is boolean => s !== null);
  const failures = known.filter((s) => !s).length;
  return { failures, n: known.length, rate: known.length > 0 ? failures / known.length : null };
}

/** Seed 000 research question (iii): how early errors affect the outcome. */
export function computeErrorPropagation(trajectories: readonly TrajectoryOutcome[]): ErrorPropagation {
  const scored = withoutInfrastructureFailures(trajectories);
  const histogram: PositionBin[] = Array.from({ length: BINS }, (_, i) => ({
    low: i / BINS,
    high: (i + 1) / BINS,
    count: 0,
  }));
  for (const t of scored) {
    if (t.firstErrorPosition === null) continue;
    const clamped = Math.min(1, Math.max(0, t.firstErrorPosition));
    // Integer arithmetic on the scaled value avoids 0.3 landing in bin 2 through float error.
    const bin = histogram[Math.min(BINS - 1, Math.floor(Math.round(clamped * BINS * 1e9) / 1e9))];
    if (bin) bin.count += 1;
  }
  return {
    histogram,
    withError: failureRate(scored.filter((t) => t.firstErrorPosition !== null)),
    withoutError: failureRate(scored.filter((t) => t.firstErrorPosition === null)),
  };
}
