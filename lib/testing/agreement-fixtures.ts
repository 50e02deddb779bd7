/** Test fixtures shared by the agreement tests (not exported from index.ts). */
export function repeatPairs(spec: [string, string, number][]): { a: string[]; b: string[] } {
  const a: string[] = [];
  const b: string[] = [];
  for (const [x, y, count] of spec) {
    for (let i = 0; i < count; i += 1) {
      a.push(x);
      b.push(y);
    }
  }
  return { a, b };
}

// Wikipedia, "Cohen's kappa": 50 proposals, 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no -> kappa 0.4.
export const WIKIPEDIA_COHEN = repeatPairs([
  ["yes", "yes", 20],
  ["yes", "no", 5],
  ["no", "yes", 10],
  ["no", "no", 15],
]);
