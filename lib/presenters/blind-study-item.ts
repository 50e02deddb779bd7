import { createSeededRandom, drawIndex } from "@/lib/metrics/create-seeded-random";

/**
 * What a blind study's annotator may know of an item: no run id or name (they name the model,
 * variant or pairing); the task and trial stay, they carry no treatment.
 */
export function blindStudyItem<T extends { runId: string; runName: string; position: number }>(item: T): T {
  return { ...item, runId: "", runName: `item ${item.position}` };
}

/** Fisher-Yates with a recorded seed: each annotator gets their own order, and it is reproducible. */
export function shuffleForAnnotator<T>(items: readonly T[], seed: number): T[] {
  const random = createSeededRandom(seed);
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = drawIndex(random, i + 1);
    const a = shuffled[i];
    const b = shuffled[j];
    if (a !== undefined && b !== undefined) {
      shuffled[i] = b;
      shuffled[j] = a;
    }
  }
  return shuffled;
}
