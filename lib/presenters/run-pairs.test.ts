import { describe, expect, it } from "vitest";
import { choosePairs, type PairableRun } from "./run-pairs";

function run(overrides: Partial<PairableRun> & { id: string }): PairableRun {
  return { suiteId: "airline", pairingKey: "gpt-4.1", variant: "base", settingKey: "", createdAt: "2026-11-01T00:00:00Z", ...overrides };
}

describe("choosePairs", () => {
  it("pairs a candidate with the base of its suite, setting and pairing key", () => {
    const pairs = choosePairs([
      run({ id: "b-air" }),
      run({ id: "s-air", variant: "sft" }),
      run({ id: "b-ret", suiteId: "retail" }),
      run({ id: "s-ret", suiteId: "retail", variant: "sft" }),
    ]);
    expect(pairs).toEqual([
      { suiteId: "airline", settingKey: "", pairingKey: "gpt-4.1", baseRunId: "b-air", candidateRunId: "s-air", alternativeBaseRunIds: [] },
      { suiteId: "retail", settingKey: "", pairingKey: "gpt-4.1", baseRunId: "b-ret", candidateRunId: "s-ret", alternativeBaseRunIds: [] },
    ]);
  });

  it("never crosses suites, settings or pairing keys, and skips runs without a key", () => {
    const pairs = choosePairs([
      run({ id: "b", settingKey: "user=no-user" }),
      run({ id: "s", variant: "sft" }),
      run({ id: "b-other", pairingKey: "gpt-4o" }),
      run({ id: "s-retail", suiteId: "retail", variant: "sft" }),
      run({ id: "b-none", pairingKey: null }),
      run({ id: "s-none", pairingKey: null, variant: "sft" }),
    ]);
    expect(pairs).toEqual([]);
  });

  it("takes the base closest in time and lists the others closest first", () => {
    const pairs = choosePairs([
      run({ id: "b-old", createdAt: "2026-01-01T00:00:00Z" }),
      run({ id: "b-near", createdAt: "2026-10-30T00:00:00Z" }),
      run({ id: "b-mid", createdAt: "2026-06-01T00:00:00Z" }),
      run({ id: "s", variant: "sft", createdAt: "2026-11-01T00:00:00Z" }),
      run({ id: "lora", variant: "lora", createdAt: "2026-01-02T00:00:00Z" }),
    ]);
    expect(pairs.map((pair) => [pair.candidateRunId, pair.baseRunId, pair.alternativeBaseRunIds])).toEqual([
      ["lora", "b-old", ["b-mid", "b-near"]],
      ["s", "b-near", ["b-mid", "b-old"]],
    ]);
  });
});
