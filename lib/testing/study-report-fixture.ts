import type { ReportInput, ReportLabel } from "@/lib/presenters/agreement-inputs";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";

const C = "completed";
const AG = "not_completed_agent";
const US = "not_completed_user";

/** Goal completion of items 1..6 by annotator A, annotator B and the judge (hand-computed figures in agreement-report.test.ts). */
export const GOAL = { a: [C, C, C, AG, AG, US], b: [C, C, AG, AG, AG, US], judge: [C, AG, AG, AG, C, US] };

function labelsOf(key: string, name: string, dimension: string, values: readonly (string | null)[]): ReportLabel[] {
  return values.flatMap((value, i) =>
    value === null ? [] : [{ itemId: `item-${i + 1}`, annotatorKey: key, annotatorName: name, dimension, value }],
  );
}

/** Two annotators on six items; B skipped user hallucination on item 6; the judge has only goal labels. */
export function makeStudyReportFixture(): ReportInput {
  return {
    rubric: makeDefaultRubric(),
    annotatorsPerItem: 2,
    items: GOAL.judge.map((judge, i) => ({
      id: `item-${i + 1}`,
      position: i + 1,
      deleted: i === 5,
      runId: "run-1",
      trajectoryId: i === 5 ? null : `traj-${i + 1}`,
      runName: "base",
      taskExternalId: `task-${i + 1}`,
      trial: 1,
      judge: { goal_completion: judge, tool_hallucination: null, user_hallucination: null },
    })),
    annotators: [
      { key: "user-a", name: "Ann", assigned: 6 },
      { key: "user-b", name: "Ben", assigned: 6 },
    ],
    labels: [
      ...labelsOf("user-a", "Ann", "goal_completion", GOAL.a),
      ...labelsOf("user-b", "Ben", "goal_completion", GOAL.b),
      ...labelsOf("user-a", "Ann", "tool_hallucination", ["no", "no", "no", "no", "no", "no"]),
      ...labelsOf("user-b", "Ben", "tool_hallucination", ["no", "yes", "no", "no", "no", "no"]),
      ...labelsOf("user-a", "Ann", "user_hallucination", ["no", "no", "no", "no", "no", "no"]),
      ...labelsOf("user-b", "Ben", "user_hallucination", ["no", "no", "no", "no", "no", null]),
    ],
    adjudications: [{ itemId: "item-3", dimension: "goal_completion", value: AG, adjudicator: "Ada" }],
    bootstrap: { resamples: 200, seed: 1 },
  };
}
