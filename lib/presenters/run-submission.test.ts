import { describe, expect, it } from "vitest";
import { buildRunSubmission, buildSubmissionView } from "./run-submission";

const metadata = (claimed: Record<string, number | null>) => ({
  submission: {
    name: "gpt-oss-120b",
    organization: "Nori",
    modelOrganization: "OpenAI",
    date: "2025-11-26",
    domain: "airline",
    submissionType: null,
    claimed,
    trajectoriesFile: "x/trajectories/airline.json",
    methodology: {
      tau2_bench_version: "0.2.1-dev",
      verification: { modified_prompts: false, omitted_questions: true },
    },
    references: null,
  },
});

// 19 of 50 tasks solved once each: pass^1 = 38%.
const trajectories = Array.from({ length: 50 }, (_, index) => ({ taskId: `t${index}`, reward: index < 19 ? 1 : 0 }));

describe("buildRunSubmission", () => {
  it("is null for a run that is not a submission", () => {
    expect(buildRunSubmission({ userMode: "default" }, trajectories)).toBeNull();
  });

  it("compares the claim with pass^k from the trajectories", () => {
    const submission = buildRunSubmission(metadata({ pass_1: 38 }), trajectories);
    expect(submission).toMatchObject({ state: "verified", claimed: { pass_1: 38, pass_2: null } });
    expect(submission?.recomputed.pass_2).toBeNull();
    expect(buildRunSubmission(metadata({ pass_1: 40 }), trajectories)?.state).toBe("differs");
  });

  it("is claimed, every recomputed figure n/a, without trajectories", () => {
    expect(buildRunSubmission(metadata({ pass_1: 38 }), [])).toMatchObject({
      state: "claimed",
      recomputed: { pass_1: null, pass_2: null, pass_3: null, pass_4: null },
    });
  });
});

describe("buildSubmissionView", () => {
  it("lists pass^1..4 with 2 decimals, n/a where nothing is claimed or recomputed, and the flags", () => {
    const submission = buildRunSubmission(metadata({ pass_1: 40, pass_2: 30 }), trajectories);
    const view = buildSubmissionView(submission!);
    expect(view.stateLabel).toBe("differs");
    expect(view.rows).toEqual([
      { label: "pass^1", claimed: "40.00%", recomputed: "38.00%", check: "differs" },
      { label: "pass^2", claimed: "30.00%", recomputed: "n/a", check: "differs" },
      { label: "pass^3", claimed: "n/a", recomputed: "n/a", check: "n/a" },
      { label: "pass^4", claimed: "n/a", recomputed: "n/a", check: "n/a" },
    ]);
    expect(view.facts).toContainEqual({ label: "Modified prompts", value: "no" });
    expect(view.facts).toContainEqual({ label: "Omitted questions", value: "yes" });
    expect(view.facts).toContainEqual({ label: "Submission type", value: "not stated" });
  });

  it("labels a claim without trajectories as not verifiable", () => {
    const view = buildSubmissionView(buildRunSubmission(metadata({ pass_1: 38 }), [])!);
    expect(view.stateLabel).toBe("claimed, not verifiable");
    expect(view.rows[0]).toEqual({ label: "pass^1", claimed: "38.00%", recomputed: "n/a", check: "n/a" });
  });
});
