import { NO_JUDGE_LABELS } from "./judge-labels";
import { describe, expect, it } from "vitest";
import { buildSeed002Outcomes } from "@/lib/testing/seed-002-outcomes";
import { computeHolisticSuccess, computeRecovery, computeToolWorkflowCompletion } from "./compute-workflow-rates";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";
import type { TrajectoryJudgeLabels } from "./types";

function judged(labels: Partial<TrajectoryJudgeLabels>) {
  return { ...NO_JUDGE_LABELS, ...labels };
}

describe("computeToolWorkflowCompletion", () => {
  it("counts tool-requiring runs that reached the end without unresolved tool errors", () => {
    const rate = computeToolWorkflowCompletion([
      createTestOutcome({ stopReason: "user_stop" }),
      createTestOutcome({ stopReason: null }),
      createTestOutcome({ stopReason: "max_steps" }),
      createTestOutcome({ stopReason: "too_many_errors" }),
      createTestOutcome({ stopReason: "finished", toolErrorCount: 2, unresolvedToolErrorCount: 1 }),
      createTestOutcome({ requiresTools: false }),
      createTestOutcome({ stopReason: "infrastructure_error" }),
    ]);
    expect(rate).toEqual({ count: 2, eligible: 5, rate: 0.4 });
  });

  it("counts a resolved tool error as complete", () => {
    expect(
      computeToolWorkflowCompletion([createTestOutcome({ toolErrorCount: 1, unresolvedToolErrorCount: 0 })]),
    ).toEqual({ count: 1, eligible: 1, rate: 1 });
  });

  it("has a null rate with nothing eligible", () => {
    expect(computeToolWorkflowCompletion([createTestOutcome({ requiresTools: false })])).toEqual({
      count: 0,
      eligible: 0,
      rate: null,
    });
  });
});

describe("computeHolisticSuccess", () => {
  it("needs goal completion, no policy violation and no unresolved tool error", () => {
    const rate = computeHolisticSuccess([
      createTestOutcome({ judge: judged({ goalCompleted: true }) }),
      createTestOutcome({ judge: judged({ goalCompleted: true, policyViolation: true }) }),
      createTestOutcome({ judge: judged({ goalCompleted: true }), unresolvedToolErrorCount: 1, toolErrorCount: 1 }),
      createTestOutcome({ judge: judged({ goalCompleted: false }) }),
      createTestOutcome({ judge: judged({ goalCompleted: null }) }),
      createTestOutcome({ judge: judged({ goalCompleted: true }), requiresTools: false }),
    ]);
    expect(rate).toEqual({ count: 1, eligible: 4, rate: 0.25 });
  });

  it("reports 0 of n (not null) when everything fails, like the paper's 0/77", () => {
    const runs = Array.from({ length: 3 }, () => createTestOutcome({ judge: judged({ goalCompleted: false }) }));
    expect(computeHolisticSuccess(runs)).toEqual({ count: 0, eligible: 3, rate: 0 });
  });
});

describe("computeRecovery", () => {
  it("reproduces seed 002: one of two error episodes succeeds", () => {
    expect(computeRecovery(buildSeed002Outcomes())).toEqual({ errorTrajectories: 2, recovered: 1, rate: 0.5 });
  });

  it("skips unknown outcomes and infrastructure failures; null rate with no error trajectory", () => {
    expect(
      computeRecovery([
        createTestOutcome({ toolErrorCount: 1 }),
        createTestOutcome({ toolErrorCount: 1, reward: 1, stopReason: "infra_error" }),
        createTestOutcome({ toolErrorCount: 0, reward: 1 }),
      ]),
    ).toEqual({ errorTrajectories: 0, recovered: 0, rate: null });
  });
});
