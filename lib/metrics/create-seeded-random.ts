/**
 * mulberry32: tiny, fast and good enough for bootstrap resampling. We need
 * bit-identical sequences across machines so that published intervals are
 * reproducible from (data, seed, resamples); Math.random cannot give that.
 */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniform integer in [0, n). */
export function drawIndex(random: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(random() * n));
}
