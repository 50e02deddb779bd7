import { describe, expect, it } from "vitest";
import { computeEffort } from "@/lib/metrics/compute-effort";
import { buildCostSuccessChart, type CostSuccessRun } from "./cost-success-chart";

function run(id: string, success: number | null, agentCost: number | null, userCost: number | null): CostSuccessRun {
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
});
