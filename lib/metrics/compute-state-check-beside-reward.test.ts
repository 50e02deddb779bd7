import { describe, expect, it } from "vitest";
import { createTestOutcome } from "@/lib/testing/create-test-outcome";
import { computeStateCheckBesideReward } from "./compute-state-check-beside-reward";

const tau2 = { missingRewardIsFailure: true, stopReason: "user_stop" } as const;

describe("computeStateCheckBesideReward", () => {
  it("judges tau2 trajectories by their checks alone, whatever the reward (issue 36, item 8)", () => {
    // Hand count: 5 trajectories with a reward; 4 have a check. Passing by checks: #1 (reply ok),
    // #2 (state and reply ok, reward 0 ignored); failing: #3 (reply missing), #4 (state differs).
    // #5 has no check, so it is not eligible. 2 of 4 = 0.5.
    const outcomes = [
      createTestOutcome({ ...tau2, reward: 1, replyCheck: true }),
      createTestOutcome({ ...tau2, reward: 0, stateMatch: true, replyCheck: true }),
      createTestOutcome({ ...tau2, reward: 1, replyCheck: false }),
      createTestOutcome({ ...tau2, reward: 0, stateMatch: false }),
      createTestOutcome({ ...tau2, reward: 1 }),
    ];
    expect(computeStateCheckBesideReward(outcomes)).toEqual({ count: 2, eligible: 4, rate: 0.5 });
  });

  it("is 12 of 12 where every check passes (was 0 of 12 on tau2)", () => {
    const outcomes = Array.from({ length: 12 }, () => createTestOutcome({ ...tau2, reward: 1, replyCheck: true }));
    expect(computeStateCheckBesideReward(outcomes)).toEqual({ count: 12, eligible: 12, rate: 1 });
  });

  it("leaves out trajectories without a reward or whose checks pass without a stop reason", () => {
    const outcomes = [
      createTestOutcome({ ...tau2, reward: null, replyCheck: true }),
      createTestOutcome({ reward: 1, stateMatch: true, stopReason: null }),
      createTestOutcome({ reward: 1, stateMatch: false, stopReason: null }),
    ];
    expect(computeStateCheckBesideReward(outcomes)).toEqual({ count: 0, eligible: 1, rate: 0 });
  });

  it("is null when no trajectory has both a reward and a check", () => {
    expect(computeStateCheckBesideReward([createTestOutcome({ ...tau2, reward: 1 })])).toBeNull();
    expect(computeStateCheckBesideReward([])).toBeNull();
  });
});
