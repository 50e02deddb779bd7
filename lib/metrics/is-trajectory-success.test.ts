import { describe, expect, it } from "vitest";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";
import { isTrajectorySuccess } from "./is-trajectory-success";

describe("isTrajectorySuccess", () => {
  it("uses the external reward with a 1e-6 tolerance when present", () => {
    expect(isTrajectorySuccess(createTestOutcome({ reward: 1 }))).toBe(true);
    expect(isTrajectorySuccess(createTestOutcome({ reward: 0.9999995 }))).toBe(true);
    expect(isTrajectorySuccess(createTestOutcome({ reward: 0.99999 }))).toBe(false);
    expect(isTrajectorySuccess(createTestOutcome({ reward: 0, stateMatch: true, replyCheck: true }))).toBe(false);
  });

  it("needs a finished stop reason and no failed check without a reward", () => {
    expect(isTrajectorySuccess(createTestOutcome({ stateMatch: true }))).toBe(true);
    expect(isTrajectorySuccess(createTestOutcome({ replyCheck: true, stopReason: " AGENT_STOP " }))).toBe(true);
    expect(
      isTrajectorySuccess(createTestOutcome({ stateMatch: true, replyCheck: true, stopReason: "turn_limit" })),
    ).toBe(false);
    expect(isTrajectorySuccess(createTestOutcome({ stateMatch: true, replyCheck: false }))).toBe(false);
  });

  it("is unknown when there is nothing to judge", () => {
    expect(isTrajectorySuccess(createTestOutcome({}))).toBeNull();
  });

  it("fails on a failed check even without a stop reason, but is unknown when checks pass and the stop reason is missing", () => {
    expect(isTrajectorySuccess(createTestOutcome({ stateMatch: false, stopReason: null }))).toBe(false);
    expect(isTrajectorySuccess(createTestOutcome({ stateMatch: true, stopReason: null }))).toBeNull();
  });

  it("counts a missing reward as a failure where the source does (tau2), and only there", () => {
    expect(isTrajectorySuccess(createTestOutcome({ reward: null, missingRewardIsFailure: true }))).toBe(false);
    expect(
      isTrajectorySuccess(createTestOutcome({ reward: null, missingRewardIsFailure: true, replyCheck: true })),
    ).toBe(false);
    expect(isTrajectorySuccess(createTestOutcome({ reward: 1, missingRewardIsFailure: true }))).toBe(true);
    expect(isTrajectorySuccess(createTestOutcome({ reward: null, missingRewardIsFailure: false }))).toBeNull();
  });
});
