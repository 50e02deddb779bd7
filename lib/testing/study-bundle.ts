import { makeBundle, makeTrajectory, uniqueId, type BundleInput } from "./factories";

const JUDGE_CYCLE = [
  { goalCompleted: true, errorSource: "none", toolHallucination: false, userHallucination: false },
  { goalCompleted: false, errorSource: "agent", toolHallucination: true, userHallucination: false },
  { goalCompleted: false, errorSource: "user", toolHallucination: false, userHallucination: true },
] as const;

/** One run of `count` trials of the refund task, with judge labels cycling completed / agent / user. */
export function makeJudgedBundle(count: number, runName = uniqueId("study-run")): BundleInput {
  return makeBundle({
    runs: [{ id: "base", name: runName, model: { name: "study-model", family: "e2e", size: "1B" }, variant: "base" }],
    trajectories: Array.from({ length: count }, (_, index) =>
      makeTrajectory({
        trial: index + 1,
        judge: {
          name: "gpt-judge",
          rationale: `rationale ${index + 1}`,
          failureCategory: index % 3 === 0 ? undefined : "wrong_amount",
          ...JUDGE_CYCLE[index % 3],
        },
        turnLabels: [{ turn: 0, success: index % 3 === 0, rationale: "judge turn note" }],
      }),
    ),
    turnPredictions: [],
  });
}
