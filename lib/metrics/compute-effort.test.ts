import { describe, expect, it } from "vitest";
import { computeEffort, type TrajectoryEffort } from "./compute-effort";

function effort(overrides: Partial<TrajectoryEffort>): TrajectoryEffort {
  return {
    costUsd: null,
    agentCostUsd: null,
    userCostUsd: null,
    durationMs: null,
    messageCount: null,
    toolCallCount: 0,
    userToolCallCount: 0,
    ...overrides,
  };
}

describe("computeEffort", () => {
  it("gives mean and total over the trajectories that record each figure", () => {
    const result = computeEffort([
      effort({
        costUsd: 0.3,
        agentCostUsd: 0.2,
        userCostUsd: 0.1,
        durationMs: 1000,
        messageCount: 10,
        toolCallCount: 4,
        userToolCallCount: 1,
      }),
      effort({
        costUsd: 0.6,
        agentCostUsd: 0.4,
        userCostUsd: 0.2,
        durationMs: 3000,
        messageCount: 20,
        toolCallCount: 2,
      }),
      effort({ messageCount: 6 }),
    ]);
    expect(result.costUsd.total).toBeCloseTo(0.9, 12);
    expect(result.costUsd.mean).toBeCloseTo(0.45, 12);
    expect(result.costUsd.n).toBe(2);
    expect(result.agentCostUsd).toEqual({ mean: expect.closeTo(0.3, 12), total: expect.closeTo(0.6, 12), n: 2 });
    expect(result.userCostUsd.mean).toBeCloseTo(0.15, 12);
    expect(result.durationMs).toEqual({ mean: 2000, total: 4000, n: 2 });
    expect(result.messages).toEqual({ mean: 12, total: 36, n: 3 });
    expect(result.agentToolCalls).toEqual({ mean: 2, total: 6, n: 3 });
    expect(result.userToolCalls).toEqual({ mean: 1 / 3, total: 1, n: 3 });
    expect(result.trajectories).toBe(3);
  });

  it("leaves unrecorded figures null, never 0", () => {
    const result = computeEffort([effort({})]);
    expect(result.costUsd).toEqual({ mean: null, total: null, n: 0 });
    expect(result.messages).toEqual({ mean: null, total: null, n: 0 });
    expect(computeEffort([]).agentToolCalls).toEqual({ mean: null, total: null, n: 0 });
  });
});
