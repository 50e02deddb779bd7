import { describe, expect, it } from "vitest";
import type { Strata } from "@/lib/metrics";
import { buildPassHatKSeries, buildStopReasonRows, buildStrataRows } from "./compare-series";

const rate = (count: number, n: number) => ({ count, n, value: n > 0 ? count / n : null, low: null, high: null });
const stratum = (key: string, count: number, n: number) => ({
  key,
  trajectories: n,
  successRate: rate(count, n),
  goalCompletion: rate(0, 0),
  toolWorkflowCompletion: rate(0, 0),
  holisticSuccess: rate(0, 0),
});

function seriesRun(
  name: string,
  passHatK: Record<number, number | null>,
  stops: [string, number, number][],
  persona: Strata["persona"],
) {
  return {
    name,
    variant: "base",
    metrics: {
      passHatK,
      trajectories: stops.reduce((sum, [, count]) => sum + count, 0),
      stopReasonDetails: stops.map(([reason, count, inferredCount]) => ({ reason, count, inferredCount })),
      strata: { turnDepth: [], persona, tag: [] },
    },
  };
}

const runs = [
  seriesRun(
    "a",
    { 1: 0.5, 2: 0.25 },
    [
      ["finished", 3, 0],
      ["turn_limit", 1, 1],
    ],
    [stratum("calm", 1, 2)],
  ),
  seriesRun(
    "b",
    { 1: 0.75, 2: 0.5, 3: null, 4: 0.4 },
    [
      ["finished", 2, 0],
      ["too_many_errors", 2, 0],
    ],
    [stratum("angry", 0, 1), stratum("calm", 2, 2)],
  ),
];

describe("compare series", () => {
  it("puts every run's pass^k on one k axis, null where a run does not define k", () => {
    const series = buildPassHatKSeries(runs);
    expect(series.data).toEqual([
      { k: 1, r0: 0.5, r1: 0.75 },
      { k: 2, r0: 0.25, r1: 0.5 },
      { k: 3, r0: null, r1: null },
      { k: 4, r0: null, r1: 0.4 },
    ]);
    expect(series.lines.map((l) => l.label)).toEqual(["a (base)", "b (base)"]);
  });

  it("lines up stop reasons by total count with shares of each run's trajectories", () => {
    const rows = buildStopReasonRows(runs);
    // finished 3 + 2 = 5; too_many_errors 2; turn_limit 1.
    expect(rows.map((r) => r.reason)).toEqual(["finished", "too_many_errors", "turn_limit"]);
    expect(rows[2]?.perRun).toEqual([
      { count: 1, inferred: 1, share: 0.25 },
      { count: 0, inferred: 0, share: 0 },
    ]);
  });

  it("gives every stratum key a cell per run, empty (n = 0) where a run has none", () => {
    const rows = buildStrataRows(runs, "persona");
    expect(rows.map((r) => r.key)).toEqual(["calm", "angry"]);
    expect(rows[1]?.perRun.map((r) => [r.count, r.n, r.value])).toEqual([
      [0, 0, null],
      [0, 1, 0],
    ]);
  });
});
