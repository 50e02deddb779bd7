import { describe, expect, it } from "vitest";
import { nlAssertionsVerdict, storedJudgeVerdicts } from "./trajectory-judges";

const none = { judgeName: null, judgeGoalCompleted: null, judgeRationale: null, judgeTurnLabels: null };

describe("storedJudgeVerdicts", () => {
  it("reads tau2 NL assertions as one judge: all met passes, any unmet fails", () => {
    const met = { nl_assertion: "agent refunds", met: true, justification: "it did" };
    const unmet = { nl_assertion: "agent apologises", met: false, justification: "it did not" };
    expect(nlAssertionsVerdict({ nl_assertions: [met] })).toMatchObject({ label: "all met", pass: true });
    expect(nlAssertionsVerdict({ nl_assertions: [met, unmet] })).toMatchObject({
      name: "tau2 NL assertions",
      label: "1 of 2 not met",
      pass: false,
      rationale: "not met - agent apologises: it did not",
    });
    expect(nlAssertionsVerdict({ nl_assertions: null })).toBeNull();
    expect(nlAssertionsVerdict({ nl_assertions: [] })).toBeNull();
  });

  it("reads a tau2 review's critical agent error as a fail", () => {
    const critical = [{ turn: 3, success: false, errorSource: "agent", severity: "critical_hindered" }];
    const minor = [{ turn: 3, success: false, errorSource: "agent", severity: "minor" }];
    const review = { ...none, judgeName: "tau2 review", rewardBreakdown: null };
    expect(storedJudgeVerdicts({ ...review, judgeTurnLabels: critical })).toEqual([
      expect.objectContaining({ name: "tau2 review", label: "critical agent error", pass: false }),
    ]);
    expect(storedJudgeVerdicts({ ...review, judgeTurnLabels: minor })).toEqual([
      expect.objectContaining({ label: "no critical agent error", pass: true }),
    ]);
  });

  it("reads a bundle judge's goal completion and gives nothing without any judge", () => {
    expect(storedJudgeVerdicts({ ...none, judgeName: "j", judgeGoalCompleted: false, rewardBreakdown: null })).toEqual([
      expect.objectContaining({ name: "j", pass: false }),
    ]);
    expect(storedJudgeVerdicts({ ...none, rewardBreakdown: { reward: 1 } })).toEqual([]);
  });
});
