import { describe, expect, it } from "vitest";
import { buildGainChart, buildGainPoints, buildSuitePairsHref } from "./compare-gain-points";

function gainRun(
  id: string,
  variant: string,
  pairingKey: string | null,
  allTurnSuccess: number | null,
  success: number | null,
) {
  return { id, variant, pairingKey, metrics: { goldHistory: { allTurnSuccess }, successRate: { value: success } } };
}

describe("buildGainPoints", () => {
  it("gives one point per pairing key: gold-history change against closed-loop change", () => {
    const { points, unpairedRuns } = buildGainPoints([
      gainRun("q-sft", "sft", "qwen3-4b", 0.7, 0.3),
      gainRun("q-base", "base", "qwen3-4b", 0.5, 0.28),
      gainRun("g-base", "base", "gemma-3", null, 0.2),
      gainRun("g-sft", "sft", "gemma-3", 0.6, 0.25),
      gainRun("lone", "base", "llama", 0.5, 0.5),
      gainRun("x", "base", null, 0.5, 0.5),
    ]);
    expect(points).toHaveLength(2);
    // The base run is the reference even when listed second: 0.7 - 0.5 = 0.2, 0.3 - 0.28 = 0.02.
    expect(points[0]).toMatchObject({ pairingKey: "qwen3-4b", baseRunId: "q-base", candidateRunId: "q-sft" });
    expect(points[0]?.goldDelta).toBeCloseTo(0.2, 12);
    expect(points[0]?.closedDelta).toBeCloseTo(0.02, 12);
    expect(points[1]).toMatchObject({ pairingKey: "gemma-3", goldDelta: null });
    expect(points[1]?.closedDelta).toBeCloseTo(0.05, 12);
    expect(unpairedRuns).toEqual(["x", "lone"]);
  });
});

describe("buildSuitePairsHref", () => {
  it("lists every pair of the suite, base first, only when there are at least two pairs", () => {
    const one = [
      { id: "a1", variant: "sft", pairingKey: "a" },
      { id: "a0", variant: "base", pairingKey: "a" },
    ];
    expect(buildSuitePairsHref(one)).toBeNull();
    const two = [
      ...one,
      { id: "b0", variant: "base", pairingKey: "b" },
      { id: "b1", variant: "sft", pairingKey: "b" },
      { id: "c0", variant: "base", pairingKey: "c" },
    ];
    expect(buildSuitePairsHref(two)).toBe("/compare?runs=a0,a1,b0,b1");
  });
});

describe("buildGainChart", () => {
  it("plots points with both changes known, in percentage points, on a symmetric padded axis", () => {
    const chart = buildGainChart([
      {
        pairingKey: "q",
        baseRunId: "a",
        candidateRunId: "b",
        candidateVariant: "sft",
        goldDelta: 0.75,
        closedDelta: 0.25,
      },
      {
        pairingKey: "g",
        baseRunId: "c",
        candidateRunId: "d",
        candidateVariant: "sft",
        goldDelta: null,
        closedDelta: 0.1,
      },
    ]);
    expect(chart.data).toEqual([{ x: 75, y: 25, label: "q (sft)" }]);
    // 75 * 1.2 = 90 -> 90.
    expect(chart.limit).toBe(90);
    expect(buildGainChart([]).limit).toBe(10);
  });
});
