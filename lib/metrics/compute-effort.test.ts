import { describe, expect, it } from "vitest";
import { computeEffort, ZERO_COST_WITH_TOKENS, type TrajectoryEffort } from "./compute-effort";

function effort(overrides: Partial<TrajectoryEffort>): TrajectoryEffort {
  return {
    costUsd: null,
    agentCostUsd: null,
    userCostUsd: null,
    durationMs: null,
    messageCount: null,
    toolCallCount: 0,
    userToolCallCount: 0,
    tokens: null,
    agentTokens: null,
    userTokens: null,
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

  it("makes a cost that is $0 on every trajectory while tokens were used unknown, not free", () => {
    // tau2 writes agent_cost 0.0 for a fine-tune LiteLLM has no price for; its user simulator is priced.
    const ft = [
      effort({ costUsd: 0.02, agentCostUsd: 0, userCostUsd: 0.02, tokens: 1500, agentTokens: 1000, userTokens: 500 }),
      effort({ costUsd: 0.04, agentCostUsd: 0, userCostUsd: 0.04, tokens: 3000, agentTokens: 2000, userTokens: 1000 }),
    ];
    const result = computeEffort(ft);
    expect(result.agentCostUsd).toEqual({ mean: null, total: null, n: 0, unknownReason: ZERO_COST_WITH_TOKENS });
    expect(result.userCostUsd).toEqual({ mean: expect.closeTo(0.03, 12), total: expect.closeTo(0.06, 12), n: 2 });
    // agent + user would be the user's part alone: an understatement, so unknown too.
    expect(result.costUsd.mean).toBeNull();
    expect(result.costUsd.n).toBe(0);
    expect(result.costUsd.unknownReason).toMatch(/part/);
  });

  it("keeps a recorded $0 where no tokens were used on that side (tau2 no-user: user_cost 0.0)", () => {
    const result = computeEffort([
      effort({ costUsd: 0.1, agentCostUsd: 0.1, userCostUsd: 0, tokens: 900, agentTokens: 900, userTokens: null }),
    ]);
    expect(result.userCostUsd).toEqual({ mean: 0, total: 0, n: 1 });
    expect(result.costUsd).toEqual({ mean: 0.1, total: 0.1, n: 1 });
  });

  it("makes an own-format costUsd of $0 with trajectory-level tokens unknown, and one non-zero cost keeps the figure", () => {
    const zero = computeEffort([effort({ costUsd: 0, tokens: 120 }), effort({ costUsd: 0, tokens: 80 })]);
    expect(zero.costUsd).toEqual({ mean: null, total: null, n: 0, unknownReason: ZERO_COST_WITH_TOKENS });
    const mixed = computeEffort([effort({ costUsd: 0, tokens: 120 }), effort({ costUsd: 0.5, tokens: 80 })]);
    expect(mixed.costUsd).toEqual({ mean: 0.25, total: 0.5, n: 2 });
  });

  it("makes every cost unknown when all recorded costs are 0 and only the user's messages record tokens", () => {
    // The real gpt-oss-120b tau2 submission: one simulation records agent_cost 0.0 and user_cost 0.0, the others
    // nothing; the user simulator's messages carry usage, the agent's none.
    const result = computeEffort([
      effort({ costUsd: 0, agentCostUsd: 0, userCostUsd: 0, tokens: 588, agentTokens: null, userTokens: 588 }),
      effort({ tokens: 700, userTokens: 700 }),
    ]);
    for (const figure of [result.costUsd, result.agentCostUsd, result.userCostUsd])
      expect(figure).toEqual({ mean: null, total: null, n: 0, unknownReason: ZERO_COST_WITH_TOKENS });
  });
});
