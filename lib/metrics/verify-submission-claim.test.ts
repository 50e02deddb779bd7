import { describe, expect, it } from "vitest";
import { compareSubmissionClaim, recomputeSubmissionPassHatK } from "./verify-submission-claim";

const claim = (pass_1: number | null, pass_2: number | null = null) => ({ pass_1, pass_2, pass_3: null, pass_4: null });

describe("recomputeSubmissionPassHatK", () => {
  it("counts a reward within 1e-6 of 1 as a success and gives percent", () => {
    const rows = [
      { taskId: "a", reward: 1 - 5e-7 },
      { taskId: "b", reward: 0.999 },
      { taskId: "c", reward: null },
      { taskId: "d", reward: 1 },
    ];
    expect(recomputeSubmissionPassHatK(rows)).toEqual({ pass_1: 50, pass_2: null, pass_3: null, pass_4: null });
  });

  it("averages C(c,k)/C(n,k) over tasks; k above the fewest trials is n/a, never 0", () => {
    const rows = [
      { taskId: "a", reward: 1 },
      { taskId: "a", reward: 0 },
      { taskId: "b", reward: 1 },
      { taskId: "b", reward: 1 },
    ];
    // pass^1 = (1/2 + 1) / 2; pass^2 = (0 + 1) / 2
    expect(recomputeSubmissionPassHatK(rows)).toEqual({ pass_1: 75, pass_2: 50, pass_3: null, pass_4: null });
  });

  it("is all n/a without trajectories", () => {
    expect(recomputeSubmissionPassHatK([])).toEqual({ pass_1: null, pass_2: null, pass_3: null, pass_4: null });
  });
});

describe("compareSubmissionClaim", () => {
  const ours = (pass_1: number | null, pass_2: number | null = null) => claim(pass_1, pass_2);

  it("verifies a claim equal to the recomputed figure within its 2-decimal rounding", () => {
    expect(compareSubmissionClaim(claim(38), ours((19 / 50) * 100))).toBe("verified");
    expect(compareSubmissionClaim(claim(53.51), ours(53.5087))).toBe("verified");
    expect(compareSubmissionClaim(claim(53.51), ours(53.505))).toBe("verified");
  });

  it("differs beyond the rounding", () => {
    expect(compareSubmissionClaim(claim(40), ours(38))).toBe("differs");
    expect(compareSubmissionClaim(claim(53.51), ours(53.5))).toBe("differs");
  });

  it("differs when a claimed k cannot be recomputed (more than the trials)", () => {
    expect(compareSubmissionClaim(claim(38, 30), ours(38))).toBe("differs");
  });

  it("ignores ks the submission does not claim", () => {
    expect(compareSubmissionClaim(claim(38), ours(38, 12.5))).toBe("verified");
  });

  it("is claimed without trajectories", () => {
    expect(compareSubmissionClaim(claim(38), null)).toBe("claimed");
  });
});
