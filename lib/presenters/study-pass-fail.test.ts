import { describe, expect, it } from "vitest";
import type { ReportInput } from "./agreement-inputs";
import { buildAgreementReport } from "./agreement-report";
import { makeDefaultRubric } from "./study-rubric";
import { PASS_FAIL_KEY, goalAsPassFail, withPassFailDimension } from "./study-pass-fail";

function item(id: string, position: number) {
  return {
    id,
    position,
    deleted: false,
    runId: "r",
    trajectoryId: `t-${id}`,
    runName: "run",
    taskExternalId: id,
    trial: 1,
    judge: {},
  };
}

const human = (itemId: string, annotatorKey: string, value: string) => ({
  itemId,
  annotatorKey,
  annotatorName: annotatorKey.toUpperCase(),
  dimension: "goal_completion",
  value,
});

/** Two items, two humans; a review judge and the benchmark outcome frozen as pass / fail. */
const input: ReportInput = {
  rubric: makeDefaultRubric(),
  annotatorsPerItem: 2,
  items: [item("a", 1), item("b", 2)],
  annotators: [
    { key: "ann", name: "Ann", assigned: 2 },
    { key: "ben", name: "Ben", assigned: 2 },
  ],
  labels: [
    human("a", "ann", "completed"),
    human("a", "ben", "completed"),
    human("b", "ann", "completed"),
    human("b", "ben", "not_completed_user"),
  ],
  adjudications: [],
  judges: [
    { key: "review", name: "quick_triage_v1 gpt-4o" },
    { key: "outcome", name: "benchmark outcome" },
  ],
  judgeLabels: [
    { itemId: "a", judgeKey: "review", dimension: PASS_FAIL_KEY, value: "fail" },
    { itemId: "a", judgeKey: "outcome", dimension: PASS_FAIL_KEY, value: "pass" },
    { itemId: "b", judgeKey: "outcome", dimension: PASS_FAIL_KEY, value: "fail" },
  ],
  bootstrap: { resamples: 200, seed: 1 },
};

describe("the pass / fail reading of goal completion", () => {
  it("reads completed as pass and either not-completed as fail", () => {
    expect(["completed", "not_completed_agent", "not_completed_user", "other"].map(goalAsPassFail)).toEqual([
      "pass",
      "fail",
      "fail",
      null,
    ]);
  });

  it("adds the dimension only when pass / fail verdicts were frozen and the rubric has goal completion", () => {
    expect(withPassFailDimension({ ...input, judgeLabels: [] })).toEqual({ ...input, judgeLabels: [] });
    const noGoal = { ...input, rubric: { ...input.rubric, dimensions: input.rubric.dimensions.slice(1) } };
    expect(withPassFailDimension(noGoal)).toBe(noGoal);
    const derived = withPassFailDimension(input);
    expect(derived.labels.filter((label) => label.dimension === PASS_FAIL_KEY).map((l) => l.value)).toEqual([
      "pass",
      "pass",
      "pass",
      "fail",
    ]);
  });

  it("compares humans with every judge and names each judge's verdict on a disagreement", () => {
    const report = buildAgreementReport(withPassFailDimension(input));
    const passFail = report.dimensions.find((d) => d.key === PASS_FAIL_KEY);
    expect(passFail?.judges.map((judge) => [judge.name, judge.vsMajority.n])).toEqual([
      ["quick_triage_v1 gpt-4o", 1],
      ["benchmark outcome", 1],
    ]);
    const rows = report.disagreements.filter((row) => row.dimension === PASS_FAIL_KEY);
    // Item a: humans agree (pass) against the review judge's fail; item b: humans disagree.
    expect(rows.map((row) => [row.position, row.reason, row.judges])).toEqual([
      [
        1,
        "judge differs from humans",
        [
          { name: "quick_triage_v1 gpt-4o", value: "fail" },
          { name: "benchmark outcome", value: "pass" },
        ],
      ],
      [
        2,
        "humans disagree",
        [
          { name: "quick_triage_v1 gpt-4o", value: null },
          { name: "benchmark outcome", value: "fail" },
        ],
      ],
    ]);
  });
});
