import { describe, expect, it } from "vitest";
import { assignAnnotators, sampleItems, type SampleCandidate } from "./sample-items";

function candidate(i: number, overrides: Partial<SampleCandidate> = {}): SampleCandidate {
  return {
    id: `t${i}`,
    runName: "run-a",
    taskExternalId: `task-${String(i).padStart(2, "0")}`,
    trial: 1,
    success: i % 4 === 0,
    stopReason: "finished",
    userTurns: i % 6,
    ...overrides,
  };
}

describe("sampleItems", () => {
  const pool = Array.from({ length: 20 }, (_, i) => candidate(i));

  it("draws the same sample for the same seed whatever the input order, and another for another seed", () => {
    const a = sampleItems(pool, 5, { method: "random", by: null, seed: 7 }).map((s) => s.candidate.id);
    const b = sampleItems([...pool].reverse(), 5, { method: "random", by: null, seed: 7 }).map((s) => s.candidate.id);
    const c = sampleItems(pool, 5, { method: "random", by: null, seed: 8 }).map((s) => s.candidate.id);
    expect(a).toEqual(b);
    expect(new Set(a).size).toBe(5);
    expect(c).not.toEqual(a);
  });

  it("allocates stratified samples proportionally: 5 successes of 20 -> 2 of 8", () => {
    const sample = sampleItems(pool, 8, { method: "stratified", by: "outcome", seed: 1 });
    const counts = new Map<string | null, number>();
    for (const s of sample) counts.set(s.stratum, (counts.get(s.stratum) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ success: 2, failure: 6 });
  });

  it("returns every candidate when the sample size exceeds the pool", () => {
    expect(sampleItems(pool.slice(0, 3), 10, { method: "stratified", by: "turn_depth", seed: 1 })).toHaveLength(3);
  });
});

describe("assignAnnotators", () => {
  it("gives each item k distinct annotators and balances the load", () => {
    const assignment = assignAnnotators(6, ["a", "b", "c"], 2);
    expect(assignment[0]).toEqual(["a", "b"]);
    expect(assignment[2]).toEqual(["c", "a"]);
    const load = assignment
      .flat()
      .reduce<Record<string, number>>((acc, id) => ({ ...acc, [id]: (acc[id] ?? 0) + 1 }), {});
    expect(load).toEqual({ a: 4, b: 4, c: 4 });
  });
});
