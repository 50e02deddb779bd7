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
