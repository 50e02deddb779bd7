import type { ReportInput, ReportLabel } from "./agreement-inputs";
import type { CategoricalDimension } from "./study-rubric";

/**
 * Run judges (judge reviews, tau2 NL assertions, tau2 review, the bundle judge) and the benchmark's outcome speak in
 * pass / fail, not in the rubric's three goal-completion labels. A study freezes their verdicts under this dimension,
 * and the report reads each human's goal completion as pass / fail to compare them.
 */
export const PASS_FAIL_KEY = "pass_fail";
export const GOAL_KEY = "goal_completion";
/** The benchmark's own outcome (tau2: reward 1), frozen beside the judges so humans and judges meet it too. */
export const BENCHMARK_OUTCOME_JUDGE = "benchmark outcome";

export const PASS_FAIL_DIMENSION: CategoricalDimension = {
  kind: "categorical",
  key: PASS_FAIL_KEY,
  label: "Goal completed (pass / fail)",
  options: [
    { value: "pass", label: "pass" },
    { value: "fail", label: "fail" },
  ],
  judge: null,
};

/** completed is a pass, either "not completed" a fail; any other value has no pass / fail reading. */
export function goalAsPassFail(value: string): "pass" | "fail" | null {
  if (value === "completed") return "pass";
  if (value.startsWith("not_completed")) return "fail";
  return null;
}

/**
 * Adds the pass / fail dimension to a report's input when the study froze pass / fail verdicts and its rubric has
 * goal completion: human labels are derived from goal completion, judge verdicts are the frozen ones. A rubric that
 * already has a `pass_fail` dimension of its own is left as it is (its labels are compared directly).
 */
export function withPassFailDimension(input: ReportInput): ReportInput {
  const dimensions = input.rubric.dimensions;
  if (dimensions.some((d) => d.key === PASS_FAIL_KEY)) return input;
  if (!dimensions.some((d) => d.kind === "categorical" && d.key === GOAL_KEY)) return input;
  if (!(input.judgeLabels ?? []).some((label) => label.dimension === PASS_FAIL_KEY)) return input;
  const derived: ReportLabel[] = input.labels.flatMap((label) => {
    const value = label.dimension === GOAL_KEY ? goalAsPassFail(label.value) : null;
    return value === null ? [] : [{ ...label, dimension: PASS_FAIL_KEY, value }];
  });
  return {
    ...input,
    rubric: { ...input.rubric, dimensions: [...dimensions, PASS_FAIL_DIMENSION] },
    labels: [...input.labels, ...derived],
  };
}
