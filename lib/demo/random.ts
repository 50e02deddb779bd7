import { createSeededRandom } from "@/lib/metrics/create-seeded-random";

export interface Random {
  next(): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  int(min: number, max: number): number;
}

/** FNV-1a, so that every (run, task, trial) gets its own stream regardless of generation order. */
function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function randomFor(...parts: ReadonlyArray<string | number>): Random {
  const next = createSeededRandom(hashKey(parts.join("|")));
  return {
    next,
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.min(items.length - 1, Math.floor(next() * items.length))];
      if (item === undefined) throw new Error("pick from an empty list");
      return item;
    },
    int: (min, max) => min + Math.min(max - min, Math.floor(next() * (max - min + 1))),
  };
}
