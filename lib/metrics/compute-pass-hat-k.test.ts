import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildSeed002Outcomes } from "@/lib/testing/seed-002-outcomes";
import { binomialRatio, computePassAtK, computePassHatK, groupTaskCounts } from "./compute-pass-hat-k";
import { computeRunMetrics } from "./compute-run-metrics";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";
import { REAL_DATA_DIR, REAL_DATA_SKIP_REASON, realDataFile } from "@/lib/testing/real-data";
import type { TrajectoryOutcome } from "./types";

function readReal(fileName: string): unknown {
  return JSON.parse(readFileSync(realDataFile(fileName), "utf8"));
}

/** A test over a real benchmark file: skipped, with the reason in its name, when the files are absent. */
const itReal = (name: string, body: () => void) =>
  it.skipIf(!REAL_DATA_DIR)(REAL_DATA_DIR ? name : `${name} (skipped: ${REAL_DATA_SKIP_REASON})`, body);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function field(record: Record<string, unknown>, key: string): unknown {
  return record[key];
}

/** tau-bench v1 result list -> outcomes (reward only; v1 stores no stop reason). */
function tauBenchOutcomes(): TrajectoryOutcome[] {
  const data = readReal("gpt-4o-airline.json");
  if (!Array.isArray(data)) throw new Error("expected a list");
  return data.filter(isRecord).map((row, i) => {
    const reward = field(row, "reward");
    if (typeof reward !== "number") throw new Error("reward must be numeric");
    return createTestOutcome({
      trajectoryId: String(i),
      taskId: String(field(row, "task_id")),
      trial: Number(field(row, "trial")),
      reward,
      stopReason: null,
    });
  });
}

describe("binomialRatio", () => {
  it("computes C(a,k)/C(n,k) without factorials", () => {
    expect(binomialRatio(2, 3, 2)).toBeCloseTo(1 / 3, 15);
    expect(binomialRatio(1, 3, 2)).toBe(0);
    expect(binomialRatio(5, 5, 0)).toBe(1);
    // C(999, 500) / C(1000, 500) = (1000 - 500) / 1000
    expect(binomialRatio(999, 1000, 500)).toBeCloseTo(0.5, 9);
  });

  it("rejects k outside 0..n", () => {
    expect(() => binomialRatio(1, 2, 3)).toThrow(RangeError);
  });
});

describe("computePassHatK / computePassAtK", () => {
  it("reproduces the seed 002 worked example", () => {
    const { perTask, excluded } = groupTaskCounts(buildSeed002Outcomes());
    expect(perTask).toEqual([
      { taskId: "address", n: 3, c: 1 },
      { taskId: "refund", n: 3, c: 2 },
    ]);
    expect(excluded).toEqual({ infrastructure: 0, unknownOutcome: 0 });
    const hat = computePassHatK(perTask);
    expect(hat[1]).toBeCloseTo(0.5, 12);
    expect(hat[2]).toBeCloseTo(1 / 6, 12);
    expect(hat[3]).toBe(0);
    // pass@2: refund 1 - C(1,2)/C(3,2) = 1, address 1 - C(2,2)/C(3,2) = 2/3
    const at = computePassAtK(perTask);
    expect(at[1]).toBeCloseTo(0.5, 12);
    expect(at[2]).toBeCloseTo(5 / 6, 12);
    expect(at[3]).toBeCloseTo(1, 12);
  });

  itReal("reproduces tau-bench's gpt-4o airline figures", () => {
    const outcomes = tauBenchOutcomes();
    expect(outcomes).toHaveLength(200);
    const { perTask } = groupTaskCounts(outcomes);
    expect(perTask).toHaveLength(50);
    const hat = computePassHatK(perTask);
    expect(Object.keys(hat)).toEqual(["1", "2", "3", "4"]);
    expect(hat[1]).toBeCloseTo(0.42, 6);
    expect(hat[2]).toBeCloseTo(0.273333, 6);
    expect(hat[3]).toBeCloseTo(0.22, 6);
    expect(hat[4]).toBeCloseTo(0.2, 6);
    const at = computePassAtK(perTask);
    expect(at[2]).toBeCloseTo(0.566667, 6);
    expect(at[4]).toBeCloseTo(0.72, 6);
    const run = computeRunMetrics(outcomes, [], { resamples: 100 });
    expect(run.meanReward).toBeCloseTo(0.42, 12);
    expect(run.successRate).toMatchObject({ n: 200, successes: 84 });
    expect(run.trialsPerTask).toEqual({ min: 4, max: 4 });
  });

  itReal("reproduces tau2's grok-3 airline figures", () => {
    const data = readReal("2025-10-13T11:40:16.379079_airline_llm_agent_grok-3_user_simulator_grok-3.json");
    if (!isRecord(data) || !Array.isArray(data.simulations)) throw new Error("expected tau2 results");
    const outcomes = data.simulations.filter(isRecord).map((sim, i) => {
      const info = field(sim, "reward_info");
      const reward = isRecord(info) ? field(info, "reward") : null;
      return createTestOutcome({
        trajectoryId: String(i),
        taskId: String(field(sim, "task_id")),
        reward: typeof reward === "number" ? reward : null,
        stopReason: String(field(sim, "termination_reason")),
      });
    });
    const hat = computePassHatK(groupTaskCounts(outcomes).perTask);
    expect(hat).toEqual({ 1: 0.4375, 2: 0.25, 3: 0.25, 4: 0.25 });
    const run = computeRunMetrics(outcomes, [], { resamples: 100 });
    expect(run.meanReward).toBeCloseTo(0.4375, 12);
    expect(run.stopReasons).toEqual([{ reason: "user_stop", count: 16, inferredCount: 0 }]);
  });

  it("returns null for k beyond the smallest trial count", () => {
    const hat = computePassHatK([
      { n: 2, c: 2 },
      { n: 4, c: 1 },
    ]);
    expect(hat).toEqual({ 1: (1 + 0.25) / 2, 2: (1 + 0) / 2, 3: null, 4: null });
  });

  it("gives 0 for a task that never succeeds", () => {
    expect(computePassHatK([{ n: 3, c: 0 }])).toEqual({ 1: 0, 2: 0, 3: 0 });
    expect(computePassAtK([{ n: 3, c: 0 }])).toEqual({ 1: 0, 2: 0, 3: 0 });
  });

  it("returns an empty record for no tasks and ignores tasks without trials", () => {
    expect(computePassHatK([])).toEqual({});
    expect(computePassHatK([{ n: 0, c: 0 }])).toEqual({});
    expect(
      computePassHatK([
        { n: 0, c: 0 },
        { n: 1, c: 1 },
      ]),
    ).toEqual({ 1: 1 });
  });

  it("rejects impossible counts", () => {
    expect(() => computePassHatK([{ n: 2, c: 3 }])).toThrow(RangeError);
  });
});

describe("groupTaskCounts", () => {
  it("excludes infrastructure failures and unknown outcomes and counts them", () => {
    const { perTask, excluded } = groupTaskCounts([
      createTestOutcome({ taskId: "a", reward: 1 }),
      createTestOutcome({ taskId: "a", reward: 0, stopReason: "infrastructure_error" }),
      createTestOutcome({ taskId: "a", reward: null, stopReason: "INFRA_ERROR" }),
      createTestOutcome({ taskId: "b", reward: null }),
      createTestOutcome({ taskId: "c", reward: 0 }),
    ]);
    expect(perTask).toEqual([
      { taskId: "a", n: 1, c: 1 },
      { taskId: "c", n: 1, c: 0 },
    ]);
    expect(excluded).toEqual({ infrastructure: 2, unknownOutcome: 1 });
  });
});
