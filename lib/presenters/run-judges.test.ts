import { describe, expect, it } from "vitest";
import { buildJudgesView, formatKappa } from "./run-judges";

describe("buildJudgesView", () => {
  it("formats agreement, kappa with its interval and cost, and splits the disagreements by direction", () => {
    const confusion = { passSuccess: 22, passFailure: 24, failSuccess: 1, failFailure: 3 };
    const row = (judgePass: boolean) => ({
      judge: "j",
      trajectoryId: judgePass ? "t1" : "t2",
      taskExternalId: "1",
      trial: 0,
      verdict: judgePass ? "pass" : "fail",
      judgePass,
      benchmarkSuccess: !judgePass,
    });
    const view = buildJudgesView({
      judges: [
        {
          name: "quick_triage_v1",
          model: "gpt-4o",
          n: 50,
          labels: { fail: 4, pass: 46 },
          notCompared: 0,
          vsOutcome: { agree: 25, compared: 50, rate: 0.5, kappa: 0.06297, low: -0.05, high: 0.19, confusion },
          costUsd: 0.427911,
        },
      ],
      pairwise: [{ a: "x", b: "y", agree: 0, compared: 0, kappa: null }],
      disagreements: [row(true), row(false)],
    });
    expect(view.rows[0]).toMatchObject({
      title: "quick_triage_v1 (gpt-4o)",
      labels: "pass 46, fail 4",
      agreement: "50.0% (25/50)",
      kappa: "0.063 [-0.050, 0.190]",
      cost: "$0.4279",
    });
    expect(view.pairs[0]).toEqual({ a: "x", b: "y", agreement: "n/a (n/a)", kappa: "n/a" });
    expect(view.passButFailed.map((r) => r.trajectoryId)).toEqual(["t1"]);
    expect(view.failButPassed.map((r) => r.trajectoryId)).toEqual(["t2"]);
  });

  it("reads an undefined kappa as n/a, never 0", () => {
    expect(formatKappa(null, null, null)).toBe("n/a");
    expect(formatKappa(0.5, null, null)).toBe("0.500");
  });
});
