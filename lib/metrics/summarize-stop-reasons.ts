import { isTurnLimitStopReason } from "./classify-stop-reason";
import { withoutInfrastructureFailures } from "./compute-workflow-rates";
import type { TrajectoryOutcome } from "./types";
import type { StopReasonCount, TurnLimitRate } from "@/lib/contracts/run-metric-results";
export type { StopReasonCount, TurnLimitRate } from "@/lib/contracts/run-metric-results";

/** All trajectories, infrastructure failures included; sorted by count desc, then reason. */
export function summarizeStopReasons(trajectories: readonly TrajectoryOutcome[]): StopReasonCount[] {
  const counts = new Map<string, StopReasonCount>();
  for (const t of trajectories) {
    const trimmed = t.stopReason?.trim();
    const reason = trimmed ? trimmed : "unknown";
    const entry = counts.get(reason) ?? { reason, count: 0, inferredCount: 0 };
    entry.count += 1;
    if (t.stopReasonInferred) entry.inferredCount += 1;
    counts.set(reason, entry);
  }
  return [...counts.values()].sort(
    (a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0),
  );
}

/** Share of non-infrastructure trajectories stopped by turn_limit, max_turns or max_steps. */
export function computeTurnLimitRate(trajectories: readonly TrajectoryOutcome[]): TurnLimitRate {
  const scored = withoutInfrastructureFailures(trajectories);
  const count = scored.filter((t) => isTurnLimitStopReason(t.stopReason)).length;
  return { count, n: scored.length, rate: scored.length > 0 ? count / scored.length : null };
}
