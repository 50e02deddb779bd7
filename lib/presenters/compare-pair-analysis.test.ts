import { describe, expect, it } from "vitest";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";
import type { TrajectoryOutcome, TurnScore } from "@/lib/metrics";
import { buildMetricCatalog } from "./compare-metric-catalog";
import { analyzePair, buildConfigWarnings, buildNoiseNote, type RunData } from "./compare-pair-analysis";
import { buildTaskRows, selectTaskRows } from "./compare-task-rows";

/** Trials of one task: `passes` successes out of `trials`, success decided by the reward. */
function trials(taskId: string, passes: number, total: number): TrajectoryOutcome[] {
  return Array.from({ length: total }, (_, i) =>
    createTestOutcome({ taskId, trial: i + 1, trajectoryId: `${taskId}-${i}`, reward: i < passes ? 1 : 0 }),
  );
}

function turn(taskId: string, judgeSuccess: boolean): TurnScore & { taskId: string } {
  return { taskId, kind: "text", rouge1F1: null, judgeSuccess, exactMatch: null, argumentF1: null };
}

function run(
  id: string,
  outcomes: TrajectoryOutcome[],
  turns: (TurnScore & { taskId: string })[] = [],
  extra: Partial<RunData> = {},
): RunData {
  return { id, suite: "airline 1", judge: null, userSimulator: null, outcomes, turns, ...extra };
}

describe("analyzePair: 4 tasks x 2 trials", () => {
  // Baseline t1 2/2, t2 0/2, t3 2/2, t4 1/2; candidate t1 2/2, t2 2/2, t3 0/2, t4 2/2, plus t5 the baseline never ran.
  const baseline = run(
    "base",
    [...trials("t1", 2, 2), ...trials("t2", 0, 2), ...trials("t3", 2, 2), ...trials("t4", 1, 2)],
    [turn("t1", true), turn("t1", false), turn("t2", false)],
  );
  const candidate = run(
    "sft",
    [...trials("t1", 2, 2), ...trials("t2", 2, 2), ...trials("t3", 0, 2), ...trials("t4", 2, 2), ...trials("t5", 2, 2)],
    [turn("t1", true), turn("t1", true), turn("t2", true)],
  );
  const catalog = buildMetricCatalog(2);
  const { analysis, deltas } = analyzePair(baseline, candidate, catalog, { resamples: 200 });

  it("counts transitions on majority outcomes (a 1/2 tie fails) and the exact McNemar p", () => {
    // t1 both pass; t2 fixed; t3 broken; t4 fixed (1/2 is a fail, 2/2 a pass).
    expect(analysis.paired.transitions).toEqual({ bothPass: 1, onlyA: 1, onlyB: 2, bothFail: 0 });
    // Discordant 3, smaller side 1: p = 2 * (C(3,0) + C(3,1)) / 2^3 = 2 * 4 / 8 = 1.
    expect(analysis.paired.mcnemarP).toBe(1);
    // Differences 0, +1, -1, +0.5: mean 0.5 / 4 = 0.125.
    expect(analysis.paired.meanDifference).toBeCloseTo(0.125, 12);
  });

  it("reports shared and left-out tasks", () => {
    expect(analysis).toMatchObject({ sharedTasks: 4, baselineOnlyTasks: 0, candidateOnlyTasks: 1 });
  });

  it("estimates the noise floor from the baseline's own trials", () => {
    // p = 1, 0, 1, 0.5 with n = 2: sum p(1-p)/(n-1) = 0.25; sd = sqrt(0.25) / 4 = 0.125; differenceSd = sqrt(2) * 0.125.
    expect(analysis.noiseFloor.sd).toBeCloseTo(0.125, 12);
    expect(analysis.noiseFloor.differenceSd).toBeCloseTo(Math.SQRT2 * 0.125, 12);
    // |0.125| <= 2 * 0.1768 = 0.354: within what re-running the baseline would produce.
    expect(analysis.noiseNote).toEqual({ singleTrial: false, withinNoise: true });
  });

  it("gives paired deltas over shared tasks for gold-history and closed-loop metrics", () => {
    // Turn success A = 1/3, B = 3/3.
    expect(deltas.get("allTurnSuccess")?.delta).toBeCloseTo(2 / 3, 12);
    // Success over shared tasks: A = (2+0+2+1)/8 = 5/8, B = (2+2+0+2)/8 = 6/8; t5 is left out.
    expect(deltas.get("successRate")).toMatchObject({ valueA: 0.625, valueB: 0.75, tasks: 4 });
    // pass^2 per task: A 1,0,1,0 -> 0.5; B 1,1,0,1 -> 0.75.
    expect(deltas.get("passHatK2")?.delta).toBeCloseTo(0.25, 12);
    expect(deltas.get("rouge1F1")).toMatchObject({ delta: null, interval: null });
  });

  it("builds the task rows with fixed / broken transitions and filters and sorts them", () => {
    const rows = buildTaskRows([baseline, candidate], analysis.paired.tasks);
    expect(rows.map((r) => [r.taskId, r.transition, r.difference])).toEqual([
      ["t1", "bothPass", 0],
      ["t2", "fixed", 1],
      ["t3", "broken", -1],
      ["t4", "fixed", 0.5],
    ]);
    expect(rows[3]?.perRun).toEqual([
      { rate: 0.5, n: 2, c: 1 },
      { rate: 1, n: 2, c: 2 },
    ]);
    expect(selectTaskRows(rows, { filter: "fixed", sort: "diff-desc" }).map((r) => r.taskId)).toEqual(["t2", "t4"]);
    expect(selectTaskRows(rows, { filter: "broken", sort: "task" }).map((r) => r.taskId)).toEqual(["t3"]);
    expect(selectTaskRows(rows, { filter: "all", sort: "diff-asc" }).map((r) => r.taskId)).toEqual([
      "t3",
      "t1",
      "t4",
      "t2",
    ]);
    expect(selectTaskRows(rows, { filter: "changed", sort: "task" }).map((r) => r.taskId)).toEqual(["t2", "t3", "t4"]);
  });
});

describe("analyzePair: 10 tasks x 1 trial", () => {
  // Baseline passes t0..t2; candidate passes all but t1.
  const ids = Array.from({ length: 10 }, (_, i) => `t${i}`);
  const baseline = run(
    "base",
    ids.flatMap((id, i) => trials(id, i <= 2 ? 1 : 0, 1)),
  );
  const candidate = run(
    "sft",
    ids.flatMap((id) => trials(id, id === "t1" ? 0 : 1, 1)),
  );
  const { analysis } = analyzePair(baseline, candidate, [], { resamples: 200 });

  it("gives a small McNemar p when fixes dominate", () => {
    // both pass t0, t2; broken t1; fixed t3..t9 = 7.
    expect(analysis.paired.transitions).toEqual({ bothPass: 2, onlyA: 1, onlyB: 7, bothFail: 0 });
    // p = 2 * (C(8,0) + C(8,1)) / 2^8 = 2 * 9 / 256 = 0.0703125.
    expect(analysis.paired.mcnemarP).toBeCloseTo(0.0703125, 12);
    // (7 - 1) / 10 = 0.6.
    expect(analysis.paired.meanDifference).toBeCloseTo(0.6, 12);
  });

  it("says a single trial per task leaves the noise floor unknown", () => {
    expect(analysis.noiseFloor.tasks).toBe(0);
    expect(analysis.noiseNote).toEqual({ singleTrial: true, withinNoise: null });
  });
});

describe("buildNoiseNote", () => {
  it("flags a difference beyond twice the difference SD as outside the noise", () => {
    expect(buildNoiseNote({ differenceSd: 0.05, tasks: 10 }, 0.11)).toEqual({ singleTrial: false, withinNoise: false });
    expect(buildNoiseNote({ differenceSd: 0.05, tasks: 10 }, -0.1)).toEqual({ singleTrial: false, withinNoise: true });
  });
});

describe("buildConfigWarnings", () => {
  it("warns on different judge or simulator name+version and on different suites", () => {
    const a = run("a", [], [], {
      judge: { name: "gpt-4o", version: "2024-08" },
      userSimulator: { name: "sim", version: "1" },
    });
    const b = run("b", [], [], {
      judge: { name: "gpt-4o", version: "2024-11" },
      userSimulator: { name: "sim", version: "1" },
      suite: "retail 1",
    });
    expect(buildConfigWarnings(a, b)).toEqual([
      "Different judges: gpt-4o 2024-08 (baseline) vs gpt-4o 2024-11. Judge-based metrics may not be comparable.",
      "Different suites: airline 1 (baseline) vs retail 1; tasks are matched by their external id.",
    ]);
    expect(buildConfigWarnings(a, { ...a, id: "c" })).toEqual([]);
  });
});
