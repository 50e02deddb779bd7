import { describe, expect, it } from "vitest";
import { aggregateGoldHistory } from "./aggregate-gold-history";
import { computePairedMetricDelta, type PairedTaskItems } from "./paired-metric-delta";
import type { TurnScore } from "./types";

const mean = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length);

describe("computePairedMetricDelta", () => {
  it("pools each side over the shared tasks and leaves out tasks missing on one side", () => {
    const tasks: PairedTaskItems<number>[] = [
      { taskId: "t1", a: [1, 0], b: [1, 1] },
      { taskId: "t2", a: [0], b: [1] },
      { taskId: "t3", a: [1], b: [0] },
      { taskId: "t4", a: [1], b: [] },
    ];
    const result = computePairedMetricDelta(tasks, mean, { resamples: 200 });
    // A = (1 + 0 + 0 + 1) / 4 = 0.5; B = (1 + 1 + 1 + 0) / 4 = 0.75; t4 has no candidate item.
    expect(result.valueA).toBe(0.5);
    expect(result.valueB).toBe(0.75);
    expect(result.delta).toBe(0.25);
    expect(result.tasks).toBe(3);
  });

  it("gives a degenerate interval that excludes zero when every task shifts by the same amount", () => {
    const tasks = ["t1", "t2", "t3"].map((taskId) => ({ taskId, a: [0], b: [1] }));
    const result = computePairedMetricDelta(tasks, mean);
    expect(result.interval).toEqual({ low: 1, high: 1 });
    expect(result.excludesZero).toBe(true);
  });

  it("spans the resampled deltas: two tasks with deltas 1 and 0 give [0, 1]", () => {
    // Resamples {t1,t1} -> 1, {t2,t2} -> 0, mixed -> 0.5; each extreme has probability 1/4, far above 2.5%.
    const tasks = [
      { taskId: "t1", a: [0], b: [1] },
      { taskId: "t2", a: [1], b: [1] },
    ];
    const result = computePairedMetricDelta(tasks, mean);
    expect(result.delta).toBe(0.5);
    expect(result.interval).toEqual({ low: 0, high: 1 });
    expect(result.excludesZero).toBe(false);
  });

  it("is null (never 0) when the statistic is undefined on either side", () => {
    const turns = (judgeSuccess: boolean | null): TurnScore[] => [{ kind: "text", rouge1F1: 0.5, judgeSuccess, exactMatch: null, argumentF1: null }];
    const tasks = [{ taskId: "t1", a: turns(null), b: turns(true) }];
    const result = computePairedMetricDelta(tasks, (sample) => aggregateGoldHistory(sample).allTurnSuccess);
    expect(result).toMatchObject({ delta: null, valueA: null, valueB: 1, interval: null, excludesZero: false });
  });

  it("uses each run's own turn scores inside a drawn task (gold-history all-turn success)", () => {
    const turn = (judgeSuccess: boolean): TurnScore => ({ kind: "tool", rouge1F1: null, judgeSuccess, exactMatch: judgeSuccess, argumentF1: judgeSuccess ? 1 : 0 });
    const tasks = [
      { taskId: "t1", a: [turn(false), turn(true)], b: [turn(true), turn(true)] },
      { taskId: "t2", a: [turn(false)], b: [turn(true)] },
    ];
    const result = computePairedMetricDelta(tasks, (sample) => aggregateGoldHistory(sample).allTurnSuccess, { seed: 7 });
    // A = 1/3, B = 3/3: delta = 2/3. Resamples: {t1,t1} -> 1 - 2/4 = 0.5, {t2,t2} -> 1 - 0 = 1, mixed -> 1 - 1/3 = 2/3.
    expect(result.delta).toBeCloseTo(2 / 3, 12);
    expect(result.interval).toEqual({ low: 0.5, high: 1 });
    expect(result.excludesZero).toBe(true);
    expect(computePairedMetricDelta(tasks, (sample) => aggregateGoldHistory(sample).allTurnSuccess, { seed: 7 })).toEqual(result);
  });
});
