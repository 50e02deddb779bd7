import {
  comparePairedRuns,
  estimateNoiseFloor,
  groupTaskCounts,
  type BootstrapOptions,
  type TaskCounts,
  type TrajectoryOutcome,
  type TurnScore,
} from "@/lib/metrics";
import { computePairedMetricDelta, type PairedMetricDelta, type TaskRatio } from "@/lib/metrics/paired-metric-delta";
import type { CatalogMetric } from "./compare-metric-catalog";
import type { ComponentVersion, NoiseNote, PairAnalysis } from "./compare-types";

export interface RunData {
  id: string;
  suite: string;
  judge: ComponentVersion | null;
  userSimulator: ComponentVersion | null;
  outcomes: readonly TrajectoryOutcome[];
  /** Turn scores with the task's external id. */
  turns: readonly (TurnScore & { taskId: string })[];
}

function groupByTask<T extends { taskId: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(item.taskId);
    if (list) list.push(item);
    else groups.set(item.taskId, [item]);
  }
  return groups;
}

/** Tasks present on both sides (by external id), sorted, with each side's items. */
function pairItems<T extends { taskId: string }>(
  a: readonly T[],
  b: readonly T[],
): { taskId: string; a: T[]; b: T[] }[] {
  const groupsA = groupByTask(a);
  const groupsB = groupByTask(b);
  return [...groupsA.keys()]
    .filter((taskId) => groupsB.has(taskId))
    .sort()
    .map((taskId) => ({ taskId, a: groupsA.get(taskId) ?? [], b: groupsB.get(taskId) ?? [] }));
}

function pairRatios<T>(
  pairs: readonly { taskId: string; a: T[]; b: T[] }[],
  taskRatio: (items: readonly T[]) => TaskRatio | null,
) {
  return pairs.map((pair) => ({ taskId: pair.taskId, a: taskRatio(pair.a), b: taskRatio(pair.b) }));
}

function describeVersion(value: ComponentVersion | null): string {
  if (!value || (value.name === null && value.version === null)) return "not recorded";
  return [value.name ?? "unnamed", value.version].filter(Boolean).join(" ");
}

function sameVersion(a: ComponentVersion | null, b: ComponentVersion | null): boolean {
  return describeVersion(a) === describeVersion(b);
}

export function buildConfigWarnings(baseline: RunData, candidate: RunData): string[] {
  const warnings: string[] = [];
  if (!sameVersion(baseline.judge, candidate.judge)) {
    warnings.push(
      `Different judges: ${describeVersion(baseline.judge)} (baseline) vs ${describeVersion(candidate.judge)}. Judge-based metrics may not be comparable.`,
    );
  }
  if (!sameVersion(baseline.userSimulator, candidate.userSimulator)) {
    warnings.push(
      `Different user simulators: ${describeVersion(baseline.userSimulator)} (baseline) vs ${describeVersion(candidate.userSimulator)}. Closed-loop outcomes may not be comparable.`,
    );
  }
  if (baseline.suite !== candidate.suite)
    warnings.push(
      `Different suites: ${baseline.suite} (baseline) vs ${candidate.suite}; tasks are matched by their external id.`,
    );
  return warnings;
}

export function buildNoiseNote(
  noiseFloor: { differenceSd: number | null; tasks: number },
  meanDifference: number | null,
): NoiseNote {
  const withinNoise =
    noiseFloor.differenceSd === null || meanDifference === null
      ? null
      : Math.abs(meanDifference) <= 2 * noiseFloor.differenceSd;
  return { singleTrial: noiseFloor.tasks === 0, withinNoise };
}

function countsByTask(outcomes: readonly TrajectoryOutcome[]): Map<string, TaskCounts> {
  return new Map(groupTaskCounts(outcomes).perTask.map((t) => [t.taskId, t]));
}

/**
 * Baseline vs one candidate over the tasks both ran (by external id): success
 * transitions, McNemar, bootstrap interval, the baseline's own noise floor, and
 * a paired delta with interval for every catalog metric.
 */
export function analyzePair(
  baseline: RunData,
  candidate: RunData,
  catalog: readonly CatalogMetric[],
  options: BootstrapOptions = {},
): { analysis: PairAnalysis; deltas: Map<string, PairedMetricDelta> } {
  const tasksA = new Set(baseline.outcomes.map((t) => t.taskId));
  const tasksB = new Set(candidate.outcomes.map((t) => t.taskId));
  const shared = [...tasksA].filter((taskId) => tasksB.has(taskId)).sort();
  const countsA = countsByTask(baseline.outcomes);
  const countsB = countsByTask(candidate.outcomes);
  const paired = comparePairedRuns(
    shared.map((taskId) => ({
      taskId,
      a: countsA.get(taskId) ?? { n: 0, c: 0 },
      b: countsB.get(taskId) ?? { n: 0, c: 0 },
    })),
    options,
  );
  const noiseFloor = estimateNoiseFloor(
    paired.tasks.map((t) => countsA.get(t.taskId) ?? { n: 0, c: 0 }),
    options,
  );
  const outcomePairs = pairItems(baseline.outcomes, candidate.outcomes);
  const turnPairs = pairItems(baseline.turns, candidate.turns);
  const deltas = new Map<string, PairedMetricDelta>();
  for (const metric of catalog) {
    const ratios =
      metric.group === "gold" ? pairRatios(turnPairs, metric.taskRatio) : pairRatios(outcomePairs, metric.taskRatio);
    const delta = computePairedMetricDelta(ratios, options);
    deltas.set(metric.key, delta);
  }
  return {
    analysis: {
      runId: candidate.id,
      sharedTasks: shared.length,
      baselineOnlyTasks: tasksA.size - shared.length,
      candidateOnlyTasks: tasksB.size - shared.length,
      paired,
      noiseFloor,
      noiseNote: buildNoiseNote(noiseFloor, paired.meanDifference),
      warnings: buildConfigWarnings(baseline, candidate),
    },
    deltas,
  };
}
