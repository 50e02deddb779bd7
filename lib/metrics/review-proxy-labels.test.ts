import { describe, expect, it } from "vitest";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";
import { computeProxyStateRates } from "./compute-proxy-state-rates";
import { NO_JUDGE_LABELS } from "./judge-labels";
import { reviewProxyLabels, type ReviewErrorFacts } from "./review-proxy-labels";
import type { TrajectoryJudgeLabels } from "./types";

describe("reviewProxyLabels", () => {
  it("reads the hallucination tag by source and guideline_violation of the agent", () => {
    expect(reviewProxyLabels([{ source: "agent", tags: ["hallucination"] }])).toEqual({
      toolHallucination: true,
      userHallucination: false,
      policyViolation: false,
    });
    expect(
      reviewProxyLabels([
        { source: "user", tags: ["revealed_info_early", "hallucination"] },
        { source: "agent", tags: ["guideline_violation"] },
      ]),
    ).toEqual({ toolHallucination: false, userHallucination: true, policyViolation: true });
  });

  it("says no for a clean review, and ignores errors of unknown source and a user's guideline_violation", () => {
    expect(reviewProxyLabels([])).toEqual({
      toolHallucination: false,
      userHallucination: false,
      policyViolation: false,
    });
    expect(
      reviewProxyLabels([
        { source: "unknown", tags: ["hallucination"] },
        { source: "user", tags: ["guideline_violation"] },
      ]),
    ).toEqual({ toolHallucination: false, userHallucination: false, policyViolation: false });
  });

  it("gives seed 003's rates over reviewed trajectories only, counted by hand", () => {
    // Five trajectories of three tasks; the last has no review, so every label stays null (not false).
    const reviewed: { task: string; errorSource: TrajectoryJudgeLabels["errorSource"]; errors: ReviewErrorFacts[] }[] =
      [
        { task: "a", errorSource: "none", errors: [] },
        { task: "a", errorSource: "agent", errors: [{ source: "agent", tags: ["hallucination"] }] },
        {
          task: "b",
          errorSource: "agent",
          errors: [
            { source: "user", tags: ["hallucination"] },
            { source: "agent", tags: ["guideline_violation"] },
          ],
        },
        {
          task: "c",
          errorSource: "user",
          errors: [{ source: "user", tags: ["hallucination", "revealed_info_early"] }],
        },
      ];
    const outcomes = [
      ...reviewed.map(({ task, errorSource, errors }) =>
        createTestOutcome({ taskId: task, judge: { ...NO_JUDGE_LABELS, errorSource, ...reviewProxyLabels(errors) } }),
      ),
      createTestOutcome({ taskId: "c" }),
    ];
    const rates = computeProxyStateRates(outcomes);
    expect(rates.agentError).toMatchObject({ value: 0.5, n: 4, count: 2 });
    expect(rates.userError).toMatchObject({ value: 0.25, n: 4, count: 1 });
    expect(rates.toolHallucination).toMatchObject({ value: 0.25, n: 4, count: 1 });
    expect(rates.userHallucination).toMatchObject({ value: 0.5, n: 4, count: 2 });
    expect(rates.policyViolation).toMatchObject({ value: 0.25, n: 4, count: 1 });
    expect(rates.goalCompletion).toEqual({ value: null, se: null, n: 0, count: 0 });
  });

  it("leaves every rate n/a for a run without reviews, never 0", () => {
    const rates = computeProxyStateRates([createTestOutcome({ taskId: "a" }), createTestOutcome({ taskId: "b" })]);
    for (const rate of Object.values(rates)) expect(rate).toEqual({ value: null, se: null, n: 0, count: 0 });
  });
});
