/**
 * Base/candidate pairs of runs: same suite, same setting, same pairing key. Shared contract with the
 * run-identity work (variant "base" is the base; any other variant is a candidate).
 */
export type PairableRun = { id: string; suiteId: string; pairingKey: string | null; variant: string; settingKey: string; createdAt: string };
export type RunPair = { suiteId: string; settingKey: string; pairingKey: string; baseRunId: string; candidateRunId: string; alternativeBaseRunIds: string[] };

function groupKey(run: PairableRun & { pairingKey: string }): string {
  return JSON.stringify([run.suiteId, run.settingKey, run.pairingKey]);
}

function distance(a: PairableRun, b: PairableRun): number {
  return Math.abs(Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/**
 * One pair per candidate run that has a base in its group; the base closest in time wins (ties: the
 * earlier id, so the result does not depend on input order) and the other bases are listed, closest first.
 * Output is sorted by pairing key, suite, setting and candidate id.
 */
export function choosePairs(runs: PairableRun[]): RunPair[] {
  const groups = new Map<string, (PairableRun & { pairingKey: string })[]>();
  for (const run of runs) {
    if (run.pairingKey === null || run.pairingKey === "") continue;
    const keyed = { ...run, pairingKey: run.pairingKey };
    const key = groupKey(keyed);
    groups.set(key, [...(groups.get(key) ?? []), keyed]);
  }
  const pairs: RunPair[] = [];
  for (const group of groups.values()) {
    const bases = group.filter((run) => run.variant === "base");
    if (bases.length === 0) continue;
    for (const candidate of group.filter((run) => run.variant !== "base")) {
      const ranked = [...bases].sort((a, b) => distance(a, candidate) - distance(b, candidate) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const [closest, ...others] = ranked;
      if (!closest) continue;
      pairs.push({
        suiteId: candidate.suiteId,
        settingKey: candidate.settingKey,
        pairingKey: candidate.pairingKey,
        baseRunId: closest.id,
        candidateRunId: candidate.id,
        alternativeBaseRunIds: others.map((run) => run.id),
      });
    }
  }
  const order = (pair: RunPair) => [pair.pairingKey, pair.suiteId, pair.settingKey, pair.candidateRunId];
  return pairs.sort((a, b) => {
    const left = order(a);
    const right = order(b);
    for (let i = 0; i < left.length; i += 1) {
      const x = left[i] ?? "";
      const y = right[i] ?? "";
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  });
}
