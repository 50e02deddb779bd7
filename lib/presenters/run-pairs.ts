export type PairableRun = {
  id: string;
  suiteId: string;
  pairingKey: string | null;
  variant: string;
  settingKey: string;
  createdAt: string;
};
export type RunPair = {
  suiteId: string;
  settingKey: string;
  pairingKey: string;
  baseRunId: string;
  candidateRunId: string;
  alternativeBaseRunIds: string[];
};

function isBase(run: PairableRun): boolean {
  return run.variant.trim().toLowerCase() === "base";
}

function groupKey(run: PairableRun & { pairingKey: string }): string {
  return JSON.stringify([run.suiteId, run.settingKey, run.pairingKey]);
}

function distance(a: PairableRun, b: PairableRun): number {
  const gap = Math.abs(Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return Number.isNaN(gap) ? Number.POSITIVE_INFINITY : gap;
}

/**
 * One pair per candidate (non-base) run: the base run with the same suite, setting and
 * pairing key closest in time (ties: the lower id), the other bases listed as alternatives.
 * Pairs never cross suites or settings; runs without a pairing key never pair.
 */
export function choosePairs(runs: PairableRun[]): RunPair[] {
  const bases = new Map<string, PairableRun[]>();
  for (const run of runs) {
    if (run.pairingKey === null || !isBase(run)) continue;
    const key = groupKey({ ...run, pairingKey: run.pairingKey });
    bases.set(key, [...(bases.get(key) ?? []), run]);
  }
  const pairs: RunPair[] = [];
  for (const candidate of runs) {
    if (candidate.pairingKey === null || isBase(candidate)) continue;
    const options = bases.get(groupKey({ ...candidate, pairingKey: candidate.pairingKey })) ?? [];
    const ranked = [...options].sort(
      (a, b) => distance(a, candidate) - distance(b, candidate) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    const [best, ...rest] = ranked;
    if (!best) continue;
    pairs.push({
      suiteId: candidate.suiteId,
      settingKey: candidate.settingKey,
      pairingKey: candidate.pairingKey,
      baseRunId: best.id,
      candidateRunId: candidate.id,
      alternativeBaseRunIds: rest.map((run) => run.id),
    });
  }
  return pairs;
}
