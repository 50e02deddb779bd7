import type { GainPoint } from "./compare-types";

interface GainRun {
  id: string;
  variant: string;
  pairingKey: string | null;
  metrics: { goldHistory: { allTurnSuccess: number | null }; successRate: { value: number | null } };
}

function difference(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : b - a;
}

/** The pair's reference run: the one labelled "base", else the first listed. */
function pickBase<T extends { variant: string }>(group: readonly T[]): T | undefined {
  return group.find((run) => run.variant.trim().toLowerCase() === "base") ?? group[0];
}

/**
 * One point per (pairing key, non-base run): the change in gold-history
 * all-turn success against the change in closed-loop success. Runs without a
 * pairing key, or alone under their key, cannot form a pair and are listed.
 */
export function buildGainPoints(runs: readonly GainRun[]): { points: GainPoint[]; unpairedRuns: string[] } {
  const groups = new Map<string, GainRun[]>();
  const unpairedRuns: string[] = [];
  for (const run of runs) {
    if (run.pairingKey === null) unpairedRuns.push(run.id);
    else groups.set(run.pairingKey, [...(groups.get(run.pairingKey) ?? []), run]);
  }
  const points: GainPoint[] = [];
  for (const [pairingKey, group] of groups) {
    const base = pickBase(group);
    if (!base || group.length < 2) {
      unpairedRuns.push(...group.map((run) => run.id));
      continue;
    }
    for (const candidate of group) {
      if (candidate === base) continue;
      points.push({
        pairingKey,
        baseRunId: base.id,
        candidateRunId: candidate.id,
        candidateVariant: candidate.variant,
        goldDelta: difference(base.metrics.goldHistory.allTurnSuccess, candidate.metrics.goldHistory.allTurnSuccess),
        closedDelta: difference(base.metrics.successRate.value, candidate.metrics.successRate.value),
      });
    }
  }
  return { points, unpairedRuns };
}

/**
 * `/compare` URL holding every pair of a suite (base of each key first), or
 * null when the suite has fewer than two pairs: then there is nothing more to show.
 */
export function buildSuitePairsHref(
  suiteRuns: readonly { id: string; variant: string; pairingKey: string | null }[],
): string | null {
  const groups = new Map<string, { id: string; variant: string }[]>();
  for (const run of suiteRuns)
    if (run.pairingKey !== null) groups.set(run.pairingKey, [...(groups.get(run.pairingKey) ?? []), run]);
  const ordered: string[] = [];
  let pairs = 0;
  for (const key of [...groups.keys()].sort()) {
    const group = groups.get(key) ?? [];
    const base = pickBase(group);
    if (!base || group.length < 2) continue;
    pairs += 1;
    ordered.push(base.id, ...group.filter((run) => run !== base).map((run) => run.id));
  }
  return pairs < 2 ? null : `/compare?runs=${ordered.join(",")}`;
}

export interface GainChartModel {
  /** Plottable points (both changes known), in percentage points. */
  data: { x: number; y: number; label: string }[];
  /** Symmetric axis limit in percentage points: a multiple of 10 with room for point labels, at least 10. */
  limit: number;
}

export function buildGainChart(points: readonly GainPoint[]): GainChartModel {
  const data = points
    .filter(
      (p): p is GainPoint & { goldDelta: number; closedDelta: number } =>
        p.goldDelta !== null && p.closedDelta !== null,
    )
    .map((p) => ({ x: p.goldDelta * 100, y: p.closedDelta * 100, label: `${p.pairingKey} (${p.candidateVariant})` }));
  const largest = Math.max(0, ...data.flatMap((d) => [Math.abs(d.x), Math.abs(d.y)]));
  return { data, limit: Math.max(10, Math.ceil((largest * 1.2) / 10) * 10) };
}
