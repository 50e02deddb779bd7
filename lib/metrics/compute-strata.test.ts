import { describe, expect, it } from "vitest";
import { computeStrata, turnDepthBucket } from "./compute-strata";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";

describe("turnDepthBucket", () => {
  it("uses 0, 1-2, 3-4, 5+", () => {
    expect([0, 1, 2, 3, 4, 5, 12].map(turnDepthBucket)).toEqual(["0", "1-2", "1-2", "3-4", "3-4", "5+", "5+"]);
  });
});

describe("computeStrata", () => {
  const runs = [
    createTestOutcome({ userTurns: 0, reward: 1, persona: "power", tags: ["refund", "refund"] }),
    createTestOutcome({ userTurns: 1, reward: 1, persona: "power", tags: ["refund", "vip"] }),
    createTestOutcome({ userTurns: 2, reward: 0, persona: "confused", tags: [] }),
    createTestOutcome({ userTurns: 3, reward: 1, persona: null, stopReason: "max_steps" }),
    createTestOutcome({ userTurns: 7, reward: 0, persona: null }),
    createTestOutcome({ userTurns: 9, reward: 1, stopReason: "infrastructure_error" }),
  ];
  const strata = computeStrata(runs);

  it("always lists the four depth buckets in order", () => {
    expect(strata.turnDepth.map((s) => [s.key, s.trajectories])).toEqual([
      ["0", 1],
      ["1-2", 2],
      ["3-4", 1],
      ["5+", 1],
    ]);
  });

  it("reports success with a Wilson interval per bucket", () => {
    const shallow = strata.turnDepth[1];
    expect(shallow?.successRate.count).toBe(1);
    expect(shallow?.successRate.n).toBe(2);
    expect(shallow?.successRate.value).toBe(0.5);
    // Wilson 1/2 at z = 1.96: centre 0.5, half-width (1.96/2.9208)·sqrt(0.125 + 0.2401)
    expect(shallow?.successRate.low).toBeCloseTo(0.0945287, 6);
    expect(shallow?.successRate.high).toBeCloseTo(0.9054713, 6);
  });

  it("reports workflow completion and leaves unlabelled rates null", () => {
    const medium = strata.turnDepth[2];
    expect(medium?.toolWorkflowCompletion).toMatchObject({ count: 0, n: 1, value: 0 });
    expect(medium?.goalCompletion).toEqual({ count: 0, n: 0, value: null, low: null, high: null });
  });

  it("groups personas with null as unknown, sorted", () => {
    expect(strata.persona.map((s) => [s.key, s.trajectories, s.successRate.value])).toEqual([
      ["confused", 1, 0],
      ["power", 2, 1],
      ["unknown", 2, 0.5],
    ]);
  });

  it("counts a trajectory once in every distinct tag it carries", () => {
    expect(strata.tag.map((s) => [s.key, s.trajectories])).toEqual([
      ["refund", 2],
      ["vip", 1],
    ]);
  });

  it("has empty buckets for an empty run", () => {
    const empty = computeStrata([]);
    expect(empty.turnDepth.every((s) => s.trajectories === 0 && s.successRate.value === null)).toBe(true);
    expect(empty.persona).toEqual([]);
    expect(empty.tag).toEqual([]);
  });
});
