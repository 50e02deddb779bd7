import { toWilsonRate } from "./compute-wilson-interval";
import { isHolisticSuccess, isToolWorkflowComplete, withoutInfrastructureFailures } from "./compute-workflow-rates";
import { isTrajectorySuccess } from "./is-trajectory-success";
import type { TrajectoryOutcome, WilsonRate } from "./types";
import type { Stratum, Strata } from "@/lib/contracts/run-metric-results";
export type { Stratum, Strata } from "@/lib/contracts/run-metric-results";

/** Seed 003's turn-depth buckets, plus "0" so runs without user turns (no-user tau2) are not mixed into "1-2". */
export const TURN_DEPTH_BUCKETS: readonly string[] = ["0", "1-2", "3-4", "5+"];

export function turnDepthBucket(userTurns: number): string {
  if (userTurns <= 0) return "0";
  if (userTurns <= 2) return "1-2";
  if (userTurns <= 4) return "3-4";
  return "5+";
}

function rateOf(
  items: readonly TrajectoryOutcome[],
  eligible: (t: TrajectoryOutcome) => boolean,
  hit: (t: TrajectoryOutcome) => boolean,
  z: number,
): WilsonRate {
  const pool = items.filter(eligible);
  return toWilsonRate(pool.filter(hit).length, pool.length, z);
}

export function summarizeStratum(key: string, items: readonly TrajectoryOutcome[], z = 1.96): Stratum {
  return {
    key,
    trajectories: items.length,
    successRate: rateOf(
      items,
      (t) => isTrajectorySuccess(t) !== null,
      (t) => isTrajectorySuccess(t) === true,
      z,
    ),
    goalCompletion: rateOf(
      items,
      (t) => t.judge.goalCompleted !== null,
      (t) => t.judge.goalCompleted === true,
      z,
    ),
    toolWorkflowCompletion: rateOf(items, (t) => t.requiresTools, isToolWorkflowComplete, z),
    holisticSuccess: rateOf(items, (t) => t.requiresTools && t.judge.goalCompleted !== null, isHolisticSuccess, z),
  };
}

function groupBy(
  items: readonly TrajectoryOutcome[],
  keys: (t: TrajectoryOutcome) => readonly string[],
): Map<string, TrajectoryOutcome[]> {
  const groups = new Map<string, TrajectoryOutcome[]>();
  for (const item of items) {
    for (const key of keys(item)) {
      const group = groups.get(key) ?? [];
      group.push(item);
      groups.set(key, group);
    }
  }
  return groups;
}

function sortedStrata(groups: Map<string, TrajectoryOutcome[]>, z: number): Stratum[] {
  return [...groups.keys()].sort().map((key) => summarizeStratum(key, groups.get(key) ?? [], z));
}

/**
 * Turn depth: all four buckets always present (empty ones have n = 0) so
 * tables line up across runs. Persona: null -> "unknown". Tags: a trajectory
 * counts in every tag it carries; untagged trajectories appear in no tag stratum.
 */
export function computeStrata(trajectories: readonly TrajectoryOutcome[], z = 1.96): Strata {
  const scored = withoutInfrastructureFailures(trajectories);
  const depth = groupBy(scored, (t) => [turnDepthBucket(t.userTurns)]);
  return {
    turnDepth: TURN_DEPTH_BUCKETS.map((key) => summarizeStratum(key, depth.get(key) ?? [], z)),
    persona: sortedStrata(
      groupBy(scored, (t) => [t.persona ?? "unknown"]),
      z,
    ),
    tag: sortedStrata(
      groupBy(scored, (t) => [...new Set(t.tags)]),
      z,
    ),
  };
}
