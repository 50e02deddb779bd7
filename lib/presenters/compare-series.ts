import type { WilsonRate } from "@/lib/metrics";
import type { CompareRunMetrics } from "./compare-types";

interface SeriesRun {
  name: string;
  variant: string;
  metrics: Pick<CompareRunMetrics, "passHatK" | "stopReasonDetails" | "strata" | "trajectories">;
}

export interface PassHatKSeries {
  /** One entry per k; `r0`, `r1`, ... hold each run's pass^k (null where undefined, so lines break instead of dropping to 0). */
  data: ({ k: number } & Record<string, number | null>)[];
  lines: { key: string; label: string }[];
}

export function buildPassHatKSeries(runs: readonly SeriesRun[]): PassHatKSeries {
  const maxK = Math.max(0, ...runs.flatMap((run) => Object.keys(run.metrics.passHatK).map(Number)));
  const data = Array.from({ length: maxK }, (_, index) => {
    const k = index + 1;
    const point: { k: number } & Record<string, number | null> = { k };
    runs.forEach((run, i) => {
      point[`r${i}`] = run.metrics.passHatK[k] ?? null;
    });
    return point;
  });
  return { data, lines: runs.map((run, i) => ({ key: `r${i}`, label: `${run.name} (${run.variant})` })) };
}

export interface StopReasonRow {
  reason: string;
  /** Per run: count, inferred count and share of all its trajectories. */
  perRun: { count: number; inferred: number; share: number | null }[];
}

/** Union of stop reasons, ordered by total count (then name), so runs line up row by row. */
export function buildStopReasonRows(runs: readonly SeriesRun[]): StopReasonRow[] {
  const totals = new Map<string, number>();
  for (const run of runs)
    for (const entry of run.metrics.stopReasonDetails)
      totals.set(entry.reason, (totals.get(entry.reason) ?? 0) + entry.count);
  const reasons = [...totals.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([reason]) => reason);
  return reasons.map((reason) => ({
    reason,
    perRun: runs.map((run) => {
      const entry = run.metrics.stopReasonDetails.find((e) => e.reason === reason);
      const count = entry?.count ?? 0;
      return {
        count,
        inferred: entry?.inferredCount ?? 0,
        share: run.metrics.trajectories > 0 ? count / run.metrics.trajectories : null,
      };
    }),
  }));
}

export interface StratumRow {
  key: string;
  /** Per run: the success rate in the stratum (n = 0 when the run has none). */
  perRun: WilsonRate[];
}

const EMPTY_RATE: WilsonRate = { count: 0, n: 0, value: null, low: null, high: null };

export function buildStrataRows(runs: readonly SeriesRun[], dimension: "turnDepth" | "persona"): StratumRow[] {
  const keys: string[] = [];
  for (const run of runs)
    for (const stratum of run.metrics.strata[dimension]) if (!keys.includes(stratum.key)) keys.push(stratum.key);
  return keys.map((key) => ({
    key,
    perRun: runs.map((run) => run.metrics.strata[dimension].find((s) => s.key === key)?.successRate ?? EMPTY_RATE),
  }));
}
