import { describe, expect, it } from "vitest";
import { computeEffort } from "@/lib/metrics/compute-effort";
import { buildCostSuccessChart, type CostSuccessRun } from "./cost-success-chart";

function run(
  id: string,
  success: number | null,
  agentCost: number | null,
  userCost: number | null,
  agentTokens: number | null = null,
): CostSuccessRun {
  return {
    id,
    name: `run ${id}`,
    success,
    effort: computeEffort([
      {
        costUsd: agentCost === null && userCost === null ? null : (agentCost ?? 0) + (userCost ?? 0),
        agentCostUsd: agentCost,
        userCostUsd: userCost,
        durationMs: null,
        messageCount: null,
        toolCallCount: 0,
        userToolCallCount: 0,
        tokens: agentTokens,
        agentTokens,
        userTokens: null,
      },
    ]),
  };
}

describe("buildCostSuccessChart", () => {
  const runs = [
    run("cheap", 0.3, 0.01, 0.05),
    run("mid", 0.6, 0.02, 0.001),
    run("dear", 0.5, 0.05, 0.001),
    run("free", null, 0, 0),
    run("unpriced", 0.9, null, null),
  ];

  it("places runs by agent cost and marks the frontier", () => {
    const chart = buildCostSuccessChart(runs, "agent");
    expect(chart.points.map((p) => [p.id, p.cost, p.success, p.onFrontier])).toEqual([
      ["cheap", 0.01, 30, true],
      ["mid", 0.02, 60, true],
      ["dear", 0.05, 50, false],
    ]);
    expect(chart.frontier.map((p) => p.id)).toEqual(["cheap", "mid"]);
    expect(chart.missing).toEqual([
      { id: "free", name: "run free", reason: "no trajectory with a known outcome" },
      { id: "unpriced", name: "run unpriced", reason: "no agent cost recorded" },
    ]);
  });

  it("uses agent + user cost on the total basis, which can change the frontier", () => {
    const chart = buildCostSuccessChart(runs, "total");
    // total: cheap 0.06, mid 0.021, dear 0.051: mid is now cheapest and best.
    expect(chart.frontier.map((p) => p.id)).toEqual(["mid"]);
    expect(chart.points.find((p) => p.id === "cheap")?.cost).toBeCloseTo(0.06, 12);
  });

  it("leaves a run whose agent cost is $0 beside tokens used off the chart and the frontier, as unknown", () => {
    // The real ft: tau2 file: agent_cost 0.0 on every simulation because LiteLLM had no price for the fine-tune.
    const chart = buildCostSuccessChart([...runs, run("ft", 0.95, 0, 0.03, 4000)], "agent");
    expect(chart.points.map((p) => p.id)).not.toContain("ft");
    expect(chart.frontier.map((p) => p.id)).toEqual(["cheap", "mid"]);
    expect(chart.missing.find((m) => m.id === "ft")?.reason).toMatch(/^cost unknown: every recorded cost is \$0/);
    const total = buildCostSuccessChart([...runs, run("ft", 0.95, 0, 0.03, 4000)], "total");
    expect(total.missing.find((m) => m.id === "ft")?.reason).toMatch(/^cost unknown/);
  });
});
