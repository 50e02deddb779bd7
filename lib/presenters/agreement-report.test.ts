import { describe, expect, it } from "vitest";
import { makeStudyReportFixture } from "@/lib/testing/study-report-fixture";
import { buildAgreementReport } from "./agreement-report";

const report = buildAgreementReport(makeStudyReportFixture());
const dimension = (key: string) => {
  const found = report.dimensions.find((d) => d.key === key);
  if (!found) throw new Error(`no dimension ${key}`);
  return found;
};

describe("agreement report: goal completion (A = c c c ag ag us, B = c c ag ag ag us, judge = c ag ag ag c us)", () => {
  const goal = dimension("goal_completion");

  it("human-human: 5/6 agree; Cohen's kappa 17/23", () => {
    // p_o = 5/6 = 30/36. A: c3 ag2 us1, B: c2 ag3 us1 -> p_e = (3*2 + 2*3 + 1*1)/36 = 13/36.
    // kappa = (30/36 - 13/36) / (1 - 13/36) = 17/23 = 0.7391.
    expect(goal.pairs).toHaveLength(1);
    expect(goal.pairs[0]).toMatchObject({ a: "Ann", b: "Ben", n: 6 });
    expect(goal.pairs[0]?.percent).toBeCloseTo(5 / 6, 12);
    expect(goal.pairs[0]?.kappa).toBeCloseTo(17 / 23, 12);
    expect(goal.humansAgree).toEqual({ value: 5 / 6, n: 6 });
  });

  it("Fleiss' kappa 11/15 and Krippendorff's alpha 34/45", () => {
    // Fleiss, m = 2: P_i = 1 on the five agreed items, 0 on item 3 -> P-bar = 5/6 = 120/144.
    // Category totals over 12 ratings: c 5, ag 5, us 2 -> P_e = (25 + 25 + 4)/144 = 54/144.
    // kappa = (120 - 54)/(144 - 54) = 66/90 = 11/15 = 0.7333.
    expect(goal.fleiss.n).toBe(6);
    expect(goal.fleiss.value).toBeCloseTo(11 / 15, 12);
    // Alpha: n = 12 pairable values; D_o = sum_u (m_u^2 - sum_c n_uc^2)/(m_u - 1) = (4 - 2)/1 = 2 (item 3 only).
    // Expected pairs = 12^2 - (25 + 25 + 4) = 90; alpha = 1 - (12 - 1) * 2 / 90 = 68/90 = 34/45 = 0.7556.
    expect(goal.alpha).toBeCloseTo(34 / 45, 12);
  });

  it("judge vs each human and vs the majority, with bootstrap intervals around the estimate", () => {
    const judge = goal.judges[0];
    if (!judge) throw new Error("goal completion has judge labels");
    // Judge vs A: agree on items 1, 4, 6 -> 3/6. J: c2 ag3 us1, A: c3 ag2 us1 -> p_e = 13/36; kappa = (18 - 13)/(36 - 13) = 5/23.
    const [vsA, vsB] = judge.vsAnnotators;
    expect(vsA?.percent.estimate).toBeCloseTo(0.5, 12);
    expect(vsA?.kappa.estimate).toBeCloseTo(5 / 23, 12);
    // Judge vs B: agree on 1, 3, 4, 6 -> 4/6. Both c2 ag3 us1 -> p_e = 14/36; kappa = (24 - 14)/(36 - 14) = 5/11.
    expect(vsB?.percent.estimate).toBeCloseTo(4 / 6, 12);
    expect(vsB?.kappa.estimate).toBeCloseTo(5 / 11, 12);
    // Majority: c c (tie) ag ag us -> item 3 dropped, n = 5. Judge c ag ag c us vs c c ag ag us: agree 1, 4, 6 -> 3/5.
    // Both c2 ag2 us1 -> p_e = 9/25; kappa = (15 - 9)/(25 - 9) = 6/16 = 0.375.
    expect(judge.vsMajority.n).toBe(5);
    expect(judge.vsMajority.percent.estimate).toBeCloseTo(0.6, 12);
    expect(judge.vsMajority.kappa.estimate).toBeCloseTo(0.375, 12);
    const { low, high } = judge.vsMajority.percent;
    expect(low).not.toBeNull();
    expect(low ?? 1).toBeLessThanOrEqual(0.6);
    expect(high ?? 0).toBeGreaterThanOrEqual(0.6);
  });

  it("three-way agreement 3/6 and the judge x majority confusion matrix", () => {
    // All three agree on items 1 (c), 4 (ag), 6 (us).
    expect(goal.judges[0]?.threeWay).toEqual({ value: 0.5, n: 6 });
    // Rows judge, columns majority, labels sorted: c, ag, us. Item 5 is judge c / humans ag; item 2 judge ag / humans c.
    expect(goal.judges[0]?.confusion).toEqual({
      labels: ["completed", "not_completed_agent", "not_completed_user"],
      counts: [
        [1, 1, 0],
        [1, 1, 0],
        [0, 0, 1],
      ],
      n: 5,
    });
  });
});

describe("agreement report: dimensions without judge labels and degenerate cases", () => {
  it("tool hallucination: 5/6 agree yet kappa 0, since A always says no (p_e = p_o = 5/6); no judge section", () => {
    const tool = dimension("tool_hallucination");
    expect(tool.pairs[0]?.percent).toBeCloseTo(5 / 6, 12);
    expect(tool.pairs[0]?.kappa).toBeCloseTo(0, 12);
    expect(tool.judges).toEqual([]);
  });

  it("user hallucination: everyone says no, so kappa, Fleiss and alpha are undefined (null), not 0; item 6 has one label", () => {
    const user = dimension("user_hallucination");
    expect(user.pairs[0]).toMatchObject({ n: 5, percent: 1, kappa: null });
    expect(user.fleiss).toEqual({ value: null, n: 5 });
    expect(user.alpha).toBeNull();
    expect(user.itemsWithTwoOrMore).toBe(5);
  });

  it("progress counts items with every categorical label; deleted items are counted", () => {
    expect(report.progress).toEqual([
      { key: "user-a", name: "Ann", assigned: 6, done: 6, remaining: 0, medianSeconds: null, timedItems: 0 },
      { key: "user-b", name: "Ben", assigned: 6, done: 5, remaining: 1, medianSeconds: null, timedItems: 0 },
    ]);
    expect(report.deletedItems).toBe(1);
  });

  it("median seconds per item: an item's time is its longest label time; n/a (null) without timing", () => {
    const fixture = makeStudyReportFixture();
    const [first, second, third] = fixture.items.map((item) => item.id);
    if (!first || !second || !third) throw new Error("fixture has items");
    const timed = buildAgreementReport({
      ...fixture,
      timings: [
        // Ann: item 1 labels at 10 s and 14 s -> 14; item 2 -> 30; item 3 -> 20: median of 14, 20, 30 = 20.
        { itemId: first, annotatorKey: "user-a", seconds: 10 },
        { itemId: first, annotatorKey: "user-a", seconds: 14 },
        { itemId: second, annotatorKey: "user-a", seconds: 30 },
        { itemId: third, annotatorKey: "user-a", seconds: 20 },
        // Ben: two items, 8 and 13 -> median 10.5.
        { itemId: first, annotatorKey: "user-b", seconds: 8 },
        { itemId: second, annotatorKey: "user-b", seconds: 13 },
      ],
    });
    expect(timed.progress.map((p) => [p.name, p.medianSeconds, p.timedItems])).toEqual([
      ["Ann", 20, 3],
      ["Ben", 10.5, 2],
    ]);
  });

  it("lists disputed items in order with the reason and any adjudicated label", () => {
    expect(report.disagreements.map((d) => [d.position, d.dimension, d.reason])).toEqual([
      [2, "goal_completion", "judge differs from humans"],
      [2, "tool_hallucination", "humans disagree"],
      [3, "goal_completion", "humans disagree"],
      [5, "goal_completion", "judge differs from humans"],
    ]);
    expect(report.disagreements[2]).toMatchObject({
      reference: "base/task-3/1",
      adjudicated: { value: "not_completed_agent", adjudicator: "Ada" },
      humans: [
        { name: "Ann", value: "completed" },
        { name: "Ben", value: "not_completed_agent" },
      ],
    });
  });
});
