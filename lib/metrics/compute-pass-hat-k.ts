import { isInfrastructureStopReason } from "./classify-stop-reason";
import { isTrajectorySuccess } from "./is-trajectory-success";
import type { TrajectoryOutcome } from "./types";

export interface TaskTrialCounts {
  /** Scored trials of the task. */
  n: number;
  /** Successful trials among them. */
  c: number;
}

export interface TaskCounts extends TaskTrialCounts {
  taskId: string;
}

export interface GroupedTaskCounts {
  perTask: TaskCounts[];
  excluded: { infrastructure: number; unknownOutcome: number };
}

/**
 * Trials per task after dropping infrastructure failures (they say nothing
 * about the agent) and unknown outcomes (nothing to score). Tasks left with
 * no scored trial disappear; tasks are sorted by id for stable output.
 */
export function groupTaskCounts(trajectories: readonly TrajectoryOutcome[]): GroupedTaskCounts {
  const byTask = new Map<string, TaskTrialCounts>();
  let infrastructure = 0;
  let unknownOutcome = 0;
  for (const t of trajectories) {
    if (isInfrastructureStopReason(t.stopReason)) {
      infrastructure += 1;
      continue;
    }
    const success = isTrajectorySuccess(t);
    if (success === null) {
      unknownOutcome += 1;
      continue;
    }
    const counts = byTask.get(t.taskId) ?? { n: 0, c: 0 };
    counts.n += 1;
    if (success) counts.c += 1;
    byTask.set(t.taskId, counts);
  }
  const perTask = [...byTask.entries()]
    .map(([taskId, counts]) => ({ taskId, ...counts }))
    .sort((a, b) => (a.taskId < b.taskId ? -1 : a.taskId > b.taskId ? 1 : 0));
  return { perTask, excluded: { infrastructure, unknownOutcome } };
}

/** C(a, k) / C(n, k) as a product of k ratios, so large n never overflows. */
export function binomialRatio(a: number, n: number, k: number): number {
  if (k < 0 || k > n) throw new RangeError(`k=${k} outside 0..${n}`);
  if (a < k) return 0;
  let ratio = 1;
  for (let i = 0; i < k; i += 1) ratio *= (a - i) / (n - i);
  return ratio;
}

function computeOverK(
  perTask: readonly TaskTrialCounts[],
  perTaskValue: (t: TaskTrialCounts, k: number) => number,
): Record<number, number | null> {
  const result: Record<number, number | null> = {};
  for (const t of perTask) {
    if (t.c < 0 || t.c > t.n) throw new RangeError(`successes c=${t.c} outside 0..n=${t.n}`);
  }
  const scored = perTask.filter((t) => t.n > 0);
  if (scored.length === 0) return result;
  const ns = scored.map((t) => t.n);
  const minN = Math.min(...ns);
  const maxN = Math.max(...ns);
  for (let k = 1; k <= maxN; k += 1) {
    // Undefined (not 0) when some task has fewer than k trials: README of data/real.
    result[k] = k > minN ? null : scored.reduce((sum, t) => sum + perTaskValue(t, k), 0) / scored.length;
  }
  return result;
}

/** pass^k (tau-bench): mean over tasks of C(c,k)/C(n,k). Keys 1..max n; null where k > min n. */
export function computePassHatK(perTask: readonly TaskTrialCounts[]): Record<number, number | null> {
  return computeOverK(perTask, (t, k) => binomialRatio(t.c, t.n, k));
}

/** pass@k: mean over tasks of 1 - C(n-c,k)/C(n,k). Keys 1..max n; null where k > min n. */
export function computePassAtK(perTask: readonly TaskTrialCounts[]): Record<number, number | null> {
  return computeOverK(perTask, (t, k) => 1 - binomialRatio(t.n - t.c, t.n, k));
}
