import { describe, expect, it } from "vitest";
import { makeStudyReportFixture } from "@/lib/testing/study-report-fixture";
import { buildAgreementReport, type DimensionAgreement } from "./agreement-report";
import { buildJudgeAgreementSeries, formatKappaTick, kappaAxis } from "./judge-agreement-chart";

const estimate = (value: number | null, low: number | null, high: number | null) => ({
  estimate: value,
  se: null,
  low,
  high,
  validResamples: 1000,
});

describe("buildJudgeAgreementSeries", () => {
  it("one point per judge per dimension: kappa vs the human majority with its bootstrap interval", () => {
    const fixture = makeStudyReportFixture();
    const report = buildAgreementReport({
      ...fixture,
      judges: [{ key: "j2", name: "strict 2" }],
      // The imported judge says "no" everywhere on tool hallucination; so does the majority except item 2 (tie).
      judgeLabels: fixture.items.map((item) => ({
        itemId: item.id,
        judgeKey: "j2",
        dimension: "tool_hallucination",
        value: "no",
      })),
    });
    const { points } = buildJudgeAgreementSeries(report.dimensions);
    expect(points.map((p) => p.tick)).toEqual(["Goal completion: bundle judge", "Tool hallucination: strict 2"]);
    const [goal, tool] = points;
    // Hand-computed in agreement-report.test.ts: judge vs majority on 5 items, kappa 6/16 = 0.375.
    expect(goal?.value).toBeCloseTo(0.375, 12);
    expect(goal?.n).toBe(5);
    const goalKappa = report.dimensions[0]?.judges[0]?.vsMajority.kappa;
    expect(goal?.error?.[0]).toBeCloseTo(0.375 - (goalKappa?.low ?? 0), 12);
    expect(goal?.error?.[1]).toBeCloseTo((goalKappa?.high ?? 0) - 0.375, 12);
    expect(goal?.label).toMatch(/^κ 0\.375 \[-?\d\.\d{3}, \d\.\d{3}\], n = 5$/);
    // A single label on both sides: kappa undefined -> no bar, "n/a", never 0.
    expect(tool).toMatchObject({ value: null, error: null, label: "n/a, n = 5" });
  });

  it("starts the axis at 0, or below it when an interval reaches a negative kappa", () => {
    const dimension = (low: number): DimensionAgreement => ({
      key: "goal",
      label: "Goal",
      itemsWithTwoOrMore: 0,
      humansAgree: { value: null, n: 0 },
      pairs: [],
      fleiss: { value: null, n: 0 },
      alpha: null,
      judges: [
        {
          key: "j",
          name: "j 1",
          vsAnnotators: [],
          vsMajority: {
            against: "human majority",
            n: 9,
            percent: estimate(0.5, 0.3, 0.7),
            kappa: estimate(0.2, low, 0.6),
          },
          threeWay: { value: null, n: 0 },
          confusion: { labels: [], counts: [], n: 0 },
        },
      ],
      judgePairs: [],
    });
    expect(buildJudgeAgreementSeries([dimension(0.05)]).yMin).toBe(0);
    expect(buildJudgeAgreementSeries([dimension(-0.23)]).yMin).toBe(-0.3);
    expect(buildJudgeAgreementSeries([]).points).toEqual([]);
  });
});

describe("kappaAxis (issue 36, item 14)", () => {
  it("puts the ticks of [0, 1] at round values whose labels equal them (were at 0.25/0.75, labelled 0.3/0.8)", () => {
    const axis = kappaAxis(0);
    expect(axis).toEqual({ domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
    expect(axis.ticks.map(formatKappaTick)).toEqual(["0", "0.2", "0.4", "0.6", "0.8", "1"]);
    for (const tick of axis.ticks) expect(Number(formatKappaTick(tick))).toBe(tick);
  });

  it("starts a negative axis at the round value at or below the lowest interval end", () => {
    expect(kappaAxis(-0.3)).toEqual({ domain: [-0.4, 1], ticks: [-0.4, -0.2, 0, 0.2, 0.4, 0.6, 0.8, 1] });
    expect(kappaAxis(-0.4).ticks[0]).toBe(-0.4);
    // Beyond a span of 1.4 the step is 0.5: five ticks from -1.
    expect(kappaAxis(-1)).toEqual({ domain: [-1, 1], ticks: [-1, -0.5, 0, 0.5, 1] });
    expect(kappaAxis(-0.7)).toEqual({ domain: [-1, 1], ticks: [-1, -0.5, 0, 0.5, 1] });
  });

  it("comes with every series", () => {
    expect(buildJudgeAgreementSeries([]).axis).toEqual(kappaAxis(0));
  });
});
