import { describe, expect, it } from "vitest";
import { isTau2JudgeReview, parseLabelMapping, parseTau2JudgeReview, verdictOutcome } from "./tau2-judge-review";

describe("verdictOutcome", () => {
  it("follows tau2-bench's rule by default: pass and satisfied succeed, fail fails, the rest is not compared", () => {
    expect(verdictOutcome("pass")).toBe("pass");
    expect(verdictOutcome(" Satisfied ")).toBe("pass");
    expect(verdictOutcome("FAIL")).toBe("fail");
    for (const other of [
      "satisfactory",
      "failure",
      "unsatisfactory",
      "compliant",
      "partially satisfied",
      "unknown",
      "",
    ])
      expect(verdictOutcome(other)).toBeNull();
  });

  it("reads a user's mapping before the default", () => {
    const parsed = parseLabelMapping("satisfactory:pass, Failure:FAIL,pass:fail");
    expect(parsed).toEqual({ ok: true, mapping: { satisfactory: "pass", failure: "fail", pass: "fail" } });
    if (!parsed.ok) return;
    expect(verdictOutcome("satisfactory", parsed.mapping)).toBe("pass");
    expect(verdictOutcome("failure", parsed.mapping)).toBe("fail");
    expect(verdictOutcome("pass", parsed.mapping)).toBe("fail");
    expect(verdictOutcome("satisfied", parsed.mapping)).toBe("pass");
    expect(verdictOutcome("unknown", parsed.mapping)).toBeNull();
  });

  it("refuses a mapping entry that is not verdict:pass or verdict:fail", () => {
    expect(parseLabelMapping("satisfactory:maybe")).toEqual({
      ok: false,
      message: '"satisfactory:maybe" is not verdict:pass or verdict:fail',
    });
    expect(parseLabelMapping("satisfactory")).toMatchObject({ ok: false });
  });
});

describe("parseTau2JudgeReview", () => {
  const summary = (entries: unknown[]) => ({ total_judged: 1, agree_count: 0, disagree_count: 0, entries });

  it("recognises a summary by its keys and its entries", () => {
    expect(isTau2JudgeReview(summary([{ simulation_id: "s", judge_verdict: "pass" }]))).toBe(true);
    expect(isTau2JudgeReview(summary([{ id: "s" }]))).toBe(false);
    expect(isTau2JudgeReview({ entries: [] })).toBe(false);
  });

  it("groups entries by prompt name and model and keeps what the judge said", () => {
    const parsed = parseTau2JudgeReview(
      summary([
        { simulation_id: "s1", judge_verdict: "pass", judge_prompt_name: "a", judge_model: "m", judge_cost_usd: 0.1 },
        { simulation_id: "s1", judge_verdict: "unknown", judge_prompt_name: "a", judge_model: "m2" },
        { simulation_id: "s1", judge_verdict: "pass", judge_prompt_name: "a", judge_model: "m" },
        7,
      ]),
    );
    expect(parsed.judges.map((judge) => [judge.name, judge.model, judge.entries.length])).toEqual([
      ["a", "m", 1],
      ["a", "m2", 1],
    ]);
    expect(parsed.judges[1]?.entries[0]).toMatchObject({ verdict: "unknown", outcome: null, costUsd: null });
    expect(parsed.issues).toEqual([
      { path: "entries[2].simulation_id", message: "simulation s1 is judged twice by a" },
      { path: "entries[3]", message: "an entry must be a JSON object" },
    ]);
  });
});

describe("parseTau2JudgeReview: numbers", () => {
  const review = (entry: Record<string, unknown>) => ({
    total_judged: 1,
    agree_count: 1,
    entries: [{ simulation_id: "s1", judge_verdict: "pass", judge_prompt_name: "p", judge_model: "m", ...entry }],
  });

  it("refuses a tau2_reward outside [0, 1], or one that overflows, at its path", () => {
    expect(parseTau2JudgeReview(review({ tau2_reward: 7.5 })).issues).toEqual([
      {
        path: "entries[0].tau2_reward",
        message: "the reward must be between 0 and 1, as the benchmark computes it; got 7.5",
      },
    ]);
    expect(parseTau2JudgeReview(review({ tau2_reward: Infinity })).issues[0]?.message).toMatch(/overflows/);
  });

  it("stores a negative cost, fractional tokens and a negative temperature as unknown, with located warnings", () => {
    const parsed = parseTau2JudgeReview(
      review({ judge_cost_usd: -0.01, judge_prompt_tokens: 10.5, judge_total_tokens: 12, judge_temperature: -1 }),
    );
    expect(parsed.issues).toEqual([]);
    const entry = parsed.judges[0]?.entries[0];
    expect(entry?.costUsd).toBeNull();
    expect(entry?.details).toEqual({ totalTokens: 12, promptName: "p", model: "m" });
    expect(parsed.warnings).toEqual([
      "entries[0].judge_temperature is -1, not a finite number of at least 0: stored as unknown (n/a), not as 0",
      "entries[0].judge_prompt_tokens is 10.5, not a whole number of at least 0: stored as unknown (n/a), not as 0",
      "entries[0].judge_cost_usd is -0.01, not a finite number of at least 0: stored as unknown (n/a), not as 0",
    ]);
  });

  it("refuses a token count of the wrong type", () => {
    expect(parseTau2JudgeReview(review({ judge_completion_tokens: "12" })).issues).toEqual([
      { path: "entries[0].judge_completion_tokens", message: 'must be a whole number of at least 0; got "12"' },
    ]);
  });
});
