import { describe, expect, it } from "vitest";
import {
  buildMetricCell,
  buildMetricDefinitions,
  choosePassKColumns,
  findMaxPassK,
  type MetricDefinition,
} from "./leaderboard-metrics";
import { makeRunMetrics } from "@/lib/testing/leaderboard-fixtures";

function definition(id: string, maxK = 3): MetricDefinition {
  const found = buildMetricDefinitions(maxK).find((d) => d.id === id);
  if (!found) throw new Error(`no metric ${id}`);
  return found;
}

describe("leaderboard metric columns", () => {
  it("keeps pass^k columns few for runs with many trials per task", () => {
    expect(choosePassKColumns(0)).toEqual([]);
    expect(choosePassKColumns(3)).toEqual([1, 2, 3]);
    expect(choosePassKColumns(9)).toEqual([1, 2, 3, 4, 5]);
    expect(choosePassKColumns(20)).toEqual([1, 2, 3, 4, 5, 10, 20]);
    expect(choosePassKColumns(100)).toEqual([1, 2, 3, 4, 5, 10, 20, 50, 100]);
  });

  it("has one pass^k column per k up to the largest k of any run", () => {
    const runs = [
      makeRunMetrics({ passHatK: { 1: 0.5, 2: 0.25 } }),
      makeRunMetrics({ passHatK: { 1: 0.5, 2: 0.2, 3: 0.1, 4: null } }),
      makeRunMetrics(),
    ];
    expect(findMaxPassK(runs)).toBe(4);
    const ids = buildMetricDefinitions(2).map((d) => d.id);
    expect(ids.filter((id) => id.startsWith("pass"))).toEqual(["pass1", "pass2"]);
    expect(ids.slice(0, 7)).toEqual([
      "rouge1",
      "allTurn",
      "textTurn",
      "toolTurn",
      "exactCall",
      "argumentF1",
      "success",
    ]);
    expect(buildMetricDefinitions(0).some((d) => d.id.startsWith("pass"))).toBe(false);
  });

  it("shows the success rate with its task-clustered interval as error bounds", () => {
    const metrics = makeRunMetrics({
      successRate: { value: 0.5, se: 0.1, low: 0.237, high: 0.763, effectiveN: 12, n: 12, successes: 6 },
    });
    const cell = buildMetricCell(metrics, definition("success"));
    expect(cell).toMatchObject({ value: 0.5, text: "50.0%", detail: "[23.7%, 76.3%]", low: 0.237, high: 0.763 });
    expect(cell.title).toContain("6/12");
    expect(cell.title).toContain("SE 10.0");
  });

  it("shows proxy-state rates with ± SE and n/a when unlabelled", () => {
    const metrics = makeRunMetrics({
      proxyState: {
        ...makeRunMetrics().proxyState,
        goalCompletion: { value: 0.8, se: 0.05, n: 10, count: 8 },
        agentError: { value: 0.2, se: null, n: 5, count: 1 },
      },
    });
    expect(buildMetricCell(metrics, definition("goalCompletion"))).toMatchObject({
      text: "80.0%",
      detail: "± 5.0 pts",
      low: 0.75,
    });
    expect(buildMetricCell(metrics, definition("goalCompletion")).high).toBeCloseTo(0.85, 12);
    expect(buildMetricCell(metrics, definition("agentError"))).toMatchObject({
      text: "20.0%",
      detail: "1/5",
      low: null,
      high: null,
    });
    expect(buildMetricCell(metrics, definition("userError"))).toMatchObject({ value: null, text: "n/a", detail: null });
  });

  it("shows workflow counts as n/N and recovery / turn limit as rates with n/N", () => {
    const metrics = makeRunMetrics({
      toolWorkflowCompletion: { count: 3, eligible: 77, rate: 3 / 77 },
      holisticSuccess: { count: 0, eligible: 0, rate: null },
      recovery: { errorTrajectories: 2, recovered: 1, rate: 0.5 },
      turnLimitRate: { count: 1, n: 6, rate: 1 / 6 },
    });
    expect(buildMetricCell(metrics, definition("toolWorkflow"))).toMatchObject({
      value: 3 / 77,
      text: "3/77",
      detail: "3.9%",
    });
    expect(buildMetricCell(metrics, definition("holistic"))).toMatchObject({ value: null, text: "n/a", detail: null });
    expect(buildMetricCell(metrics, definition("recovery"))).toMatchObject({ text: "50.0%", detail: "1/2" });
    expect(buildMetricCell(metrics, definition("turnLimit"))).toMatchObject({ text: "16.7%", detail: "1/6" });
  });

  it("reads a run's missing k (and undefined k) as n/a, never 0", () => {
    const metrics = makeRunMetrics({ passHatK: { 1: 0.25, 2: 0, 3: null } });
    expect(buildMetricCell(metrics, definition("pass1")).text).toBe("25.0%");
    expect(buildMetricCell(metrics, definition("pass2")).text).toBe("0.0%");
    expect(buildMetricCell(metrics, definition("pass3")).text).toBe("n/a");
    expect(buildMetricCell(makeRunMetrics({ passHatK: { 1: 1 } }), definition("pass3")).value).toBeNull();
  });

  it("shows gold-history scores as percentages", () => {
    const metrics = makeRunMetrics({
      goldHistory: {
        rouge1F1: 0.306,
        allTurnSuccess: 0.292,
        textTurnSuccess: 0.324,
        toolTurnSuccess: 0.217,
        exactCallAccuracy: 0.036,
        argumentF1: null,
        textTurns: 376,
        toolTurns: 166,
      },
    });
    expect(buildMetricCell(metrics, definition("rouge1"))).toMatchObject({ text: "30.6%", detail: null });
    expect(buildMetricCell(metrics, definition("exactCall")).text).toBe("3.6%");
    expect(buildMetricCell(metrics, definition("argumentF1")).text).toBe("n/a");
    expect(buildMetricCell(metrics, definition("textTurn")).title).toContain("376 text turns");
  });
});
