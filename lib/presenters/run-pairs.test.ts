import { describe, expect, it } from "vitest";
import { choosePairs, type PairableRun } from "./run-pairs";

function run(overrides: Partial<PairableRun> & { id: string }): PairableRun {
  return {
    suiteId: "airline",
    pairingKey: "gpt-4.1",
    variant: "base",
    settingKey: "",
    createdAt: "2026-11-30T10:00:00Z",
    ...overrides,
  };
}

describe("choosePairs", () => {
  it("pairs each candidate with the base of its suite", () => {
    const runs = [
      run({ id: "b-air" }),
      run({ id: "s-air", variant: "sft" }),
      run({ id: "b-ret", suiteId: "retail" }),
      run({ id: "s-ret", suiteId: "retail", variant: "sft" }),
    ];
    expect(choosePairs(runs)).toEqual([
      {
        suiteId: "airline",
        settingKey: "",
        pairingKey: "gpt-4.1",
        baseRunId: "b-air",
        candidateRunId: "s-air",
        alternativeBaseRunIds: [],
      },
      {
        suiteId: "retail",
        settingKey: "",
        pairingKey: "gpt-4.1",
        baseRunId: "b-ret",
        candidateRunId: "s-ret",
        alternativeBaseRunIds: [],
      },
    ]);
  });

  it("never crosses suites, settings or pairing keys", () => {
    const runs = [
      run({ id: "base-telecom", suiteId: "telecom" }),
      run({ id: "sft-no-user", suiteId: "telecom", variant: "sft", settingKey: "user=no-user" }),
      run({ id: "sft-airline", suiteId: "airline", variant: "sft" }),
      run({ id: "sft-other-model", suiteId: "telecom", variant: "sft", pairingKey: "gpt-4o" }),
      run({ id: "sft-no-key", suiteId: "telecom", variant: "sft", pairingKey: null }),
    ];
    expect(choosePairs(runs)).toEqual([]);
  });

  it("takes the base closest in time and lists the others", () => {
    const runs = [
      run({ id: "old", createdAt: "2026-01-01T00:00:00Z" }),
      run({ id: "near", createdAt: "2026-11-29T00:00:00Z" }),
      run({ id: "late", createdAt: "2026-12-05T00:00:00Z" }),
      run({ id: "sft", variant: "SFT", createdAt: "2026-11-30T00:00:00Z" }),
    ];
    expect(choosePairs(runs)).toEqual([
      {
        suiteId: "airline",
        settingKey: "",
        pairingKey: "gpt-4.1",
        baseRunId: "near",
        candidateRunId: "sft",
        alternativeBaseRunIds: ["late", "old"],
      },
    ]);
  });

  it("breaks a tie in time by run id and gives every candidate its own pair", () => {
    const runs = [
      run({ id: "b2" }),
      run({ id: "b1" }),
      run({ id: "sft", variant: "sft" }),
      run({ id: "rft", variant: "rft" }),
    ];
    const pairs = choosePairs(runs);
    expect(pairs.map((pair) => [pair.candidateRunId, pair.baseRunId, pair.alternativeBaseRunIds])).toEqual([
      ["sft", "b1", ["b2"]],
      ["rft", "b1", ["b2"]],
    ]);
  });
});
