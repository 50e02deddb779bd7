import { NO_JUDGE_LABELS } from "./judge-labels";
import { describe, expect, it } from "vitest";
import { computeBootstrappedRate, computeProxyStateRates } from "./compute-proxy-state-rates";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";
import type { TrajectoryJudgeLabels } from "./types";

function withJudge(taskId: string, labels: Partial<TrajectoryJudgeLabels>) {
  return createTestOutcome({
    taskId,
    judge: { ...NO_JUDGE_LABELS, ...labels },
  });
}

describe("computeProxyStateRates", () => {
  it("uses labelled trajectories as the denominator for each rate", () => {
    const rates = computeProxyStateRates([
      withJudge("a", { goalCompleted: true, errorSource: "none", toolHallucination: false }),
      withJudge("a", { goalCompleted: true, errorSource: "user", toolHallucination: true }),
      withJudge("b", { goalCompleted: false, errorSource: "agent" }),
      withJudge("b", { goalCompleted: null, errorSource: null }),
      withJudge("c", { goalCompleted: true }),
    ]);
    expect(rates.goalCompletion).toMatchObject({ value: 0.75, n: 4, count: 3 });
    expect(rates.userError).toMatchObject({ value: 1 / 3, n: 3, count: 1 });
    expect(rates.agentError).toMatchObject({ value: 1 / 3, n: 3, count: 1 });
    expect(rates.toolHallucination).toMatchObject({ value: 0.5, n: 2, count: 1, se: null });
    expect(rates.userHallucination).toEqual({ value: null, se: null, n: 0, count: 0 });
  });

  it("has zero bootstrap SE when every task has the same rate", () => {
    const rates = computeProxyStateRates([
      withJudge("a", { goalCompleted: true }),
      withJudge("a", { goalCompleted: false }),
      withJudge("b", { goalCompleted: false }),
      withJudge("b", { goalCompleted: true }),
    ]);
    expect(rates.goalCompletion.value).toBe(0.5);
    expect(rates.goalCompletion.se).toBe(0);
  });

  it("excludes infrastructure failures", () => {
    const rates = computeProxyStateRates([
      withJudge("a", { goalCompleted: true }),
      { ...withJudge("a", { goalCompleted: false }), stopReason: "infrastructure_error" },
    ]);
    expect(rates.goalCompletion).toMatchObject({ value: 1, n: 1 });
  });
});

describe("computeBootstrappedRate", () => {
  it("approximates the analytic cluster SE for two one-trajectory tasks", () => {
    // Two clusters with rates 1 and 0: SE of the mean of two resampled clusters = sqrt(0.25 / 2) ≈ 0.354.
    const runs = [withJudge("a", { goalCompleted: true }), withJudge("b", { goalCompleted: false })];
    const rate = computeBootstrappedRate(runs, (t) => t.judge.goalCompleted, { resamples: 4000 });
    expect(rate.value).toBe(0.5);
    expect(rate.se).toBeCloseTo(Math.sqrt(0.125), 1);
  });

  it("is deterministic for a given seed", () => {
    const runs = ["a", "b", "c", "d"].flatMap((id, i) => [
      withJudge(id, { goalCompleted: i % 2 === 0 }),
      withJudge(id, { goalCompleted: i < 3 }),
    ]);
    const first = computeBootstrappedRate(runs, (t) => t.judge.goalCompleted, { seed: 7 });
    const second = computeBootstrappedRate(runs, (t) => t.judge.goalCompleted, { seed: 7 });
    expect(first).toEqual(second);
    expect(first.se).toBeGreaterThan(0);
  });
});
