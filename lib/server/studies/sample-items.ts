import { createSeededRandom, drawIndex, turnDepthBucket } from "@/lib/metrics";

export const STRATA = ["run", "outcome", "stop_reason", "turn_depth"] as const;
export type StratifyBy = (typeof STRATA)[number];

export interface Sampling {
  method: "random" | "stratified";
  by: StratifyBy | null;
  seed: number;
}

export interface SampleCandidate {
  id: string;
  runName: string;
  taskExternalId: string;
  trial: number;
  success: boolean | null;
  stopReason: string | null;
  userTurns: number;
}

export interface SampledItem<T extends SampleCandidate> {
  candidate: T;
  stratum: string | null;
}

export function stratumOf(candidate: SampleCandidate, by: StratifyBy): string {
  switch (by) {
    case "run":
      return candidate.runName;
    case "outcome":
      return candidate.success === null ? "unknown" : candidate.success ? "success" : "failure";
    case "stop_reason":
      return candidate.stopReason ?? "none";
    case "turn_depth":
      return `user turns ${turnDepthBucket(candidate.userTurns)}`;
  }
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = drawIndex(random, i + 1);
    const a = copy[i];
    const b = copy[j];
    if (a !== undefined && b !== undefined) {
      copy[i] = b;
      copy[j] = a;
    }
  }
  return copy;
}

/** Largest-remainder allocation of n over stratum sizes; ties go to the earlier stratum key. */
function allocate(sizes: readonly { key: string; size: number }[], n: number): Map<string, number> {
  const total = sizes.reduce((sum, s) => sum + s.size, 0);
  const quotas = sizes.map((s) => ({ ...s, exact: (s.size / total) * n }));
  const result = new Map(quotas.map((q) => [q.key, Math.min(q.size, Math.floor(q.exact))]));
  let left = n - [...result.values()].reduce((sum, v) => sum + v, 0);
  const order = [...quotas].sort(
    (a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || (a.key < b.key ? -1 : 1),
  );
  while (left > 0) {
    const before = left;
    for (const q of order) {
      const taken = result.get(q.key) ?? 0;
      if (left > 0 && taken < q.size) {
        result.set(q.key, taken + 1);
        left -= 1;
      }
    }
    if (left === before) break;
  }
  return result;
}

/**
 * Draws min(n, candidates) items, reproducibly from the seed: candidates are put in a fixed
 * order first, so the database's row order cannot change the sample. Stratified sampling
 * allocates proportionally (largest remainder) and shuffles the result so strata do not come in blocks.
 */
export function sampleItems<T extends SampleCandidate>(
  candidates: readonly T[],
  n: number,
  sampling: Sampling,
): SampledItem<T>[] {
  const random = createSeededRandom(sampling.seed);
  const ordered = [...candidates].sort(
    (a, b) =>
      a.runName.localeCompare(b.runName) ||
      a.taskExternalId.localeCompare(b.taskExternalId) ||
      a.trial - b.trial ||
      (a.id < b.id ? -1 : 1),
  );
  const by = sampling.method === "stratified" ? sampling.by : null;
  if (!by)
    return shuffle(ordered, random)
      .slice(0, n)
      .map((candidate) => ({ candidate, stratum: null }));
  const groups = new Map<string, T[]>();
  for (const candidate of ordered) {
    const key = stratumOf(candidate, by);
    groups.set(key, [...(groups.get(key) ?? []), candidate]);
  }
  const keys = [...groups.keys()].sort();
  const quota = allocate(
    keys.map((key) => ({ key, size: groups.get(key)?.length ?? 0 })),
    Math.min(n, ordered.length),
  );
  const picked = keys.flatMap((key) =>
    shuffle(groups.get(key) ?? [], random)
      .slice(0, quota.get(key) ?? 0)
      .map((candidate) => ({ candidate, stratum: key })),
  );
  return shuffle(picked, random);
}

/**
 * Balanced assignment: item i goes to k consecutive annotators starting at i mod A, so every
 * annotator gets about n*k/A items and every pair of neighbours shares items.
 */
export function assignAnnotators(itemCount: number, annotatorIds: readonly string[], perItem: number): string[][] {
  const count = annotatorIds.length;
  return Array.from({ length: itemCount }, (_, i) =>
    Array.from({ length: Math.min(perItem, count) }, (_, j) => annotatorIds[(i + j) % count]).filter(
      (id): id is string => id !== undefined,
    ),
  );
}
