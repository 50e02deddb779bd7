import { describe, expect, it } from "vitest";
import { compareJudgeWithOutcome, compareTwoJudges, type JudgedOutcome } from "./compare-judge-with-outcome";

function items(cells: [boolean, boolean, number][]): JudgedOutcome[] {
  return cells.flatMap(([judgePass, success, count]) => Array.from({ length: count }, () => ({ judgePass, success })));
}

describe("compareJudgeWithOutcome", () => {
  it("counts agreement and kappa as the tau2 quick-triage judge's table gives them", () => {
    // pass/success 22, pass/failure 24, fail/success 1, fail/failure 3 (the shared quick_triage_v1 summary).
    const result = compareJudgeWithOutcome([
      ...items([
        [true, true, 22],
        [true, false, 24],
        [false, true, 1],
        [false, false, 3],
      ]),
      { judgePass: null, success: true },
    ]);
    expect(result.compared).toBe(50);
    expect(result.agree).toBe(25);
    expect(result.rate).toBe(0.5);
    // po = 0.5; pe = 0.92 * 0.46 + 0.08 * 0.54 = 0.4664; kappa = 0.0336 / 0.5336.
    expect(result.kappa).toBeCloseTo(0.0336 / 0.5336, 12);
    expect(result.low).not.toBeNull();
    expect(result.low ?? 1).toBeLessThanOrEqual(result.kappa ?? 0);
    expect(result.high ?? 0).toBeGreaterThanOrEqual(result.kappa ?? 1);
    expect(result.confusion).toEqual({ passSuccess: 22, passFailure: 24, failSuccess: 1, failFailure: 3 });
  });

  it("leaves rate and kappa undefined when nothing is compared", () => {
    const result = compareJudgeWithOutcome([{ judgePass: null, success: true }]);
    expect(result).toMatchObject({ compared: 0, agree: 0, rate: null, kappa: null, low: null, high: null });
  });
});

describe("compareTwoJudges", () => {
  it("compares only the trajectories both judges read as pass or fail", () => {
    // Pairs: (T,T) (T,F) (F,F) (F,F); po = 0.75, pe = 0.5*0.25 + 0.5*0.75 = 0.5, kappa = 0.5.
    const result = compareTwoJudges([true, true, false, false, null], [true, false, false, false, true]);
    expect(result).toEqual({ agree: 3, compared: 4, kappa: 0.5 });
  });
});
