import { describe, expect, it } from "vitest";
import { convertScoreValue, sampleScores, storedScores } from "./inspect-scores";

describe("convertScoreValue (Inspect's value_to_float)", () => {
  it.each([
    ["C", 1],
    ["P", 0.5],
    ["I", 0],
    ["N", 0],
    [true, 1],
    [false, 0],
    [0.25, 0.25],
    ["Yes", 1],
    ["FALSE", 0],
    [" 0.75 ", 0.75],
  ])("reads %j as %d", (input, expected) => {
    expect(convertScoreValue(input)).toEqual({ kind: "value", value: expected });
  });

  it("counts what it cannot read as 0, like Inspect, and says so", () => {
    expect(convertScoreValue("c")).toEqual({ kind: "unconvertible", value: 0 });
    expect(convertScoreValue({ a: 1 })).toEqual({ kind: "unconvertible", value: 0 });
    expect(convertScoreValue([1, 0])).toEqual({ kind: "unconvertible", value: 0 });
  });

  it("treats null (Inspect's NaN, 'unscored') as no value", () => {
    expect(convertScoreValue(null)).toEqual({ kind: "unscored" });
  });
});

describe("scores of a sample and of the results", () => {
  it("reads version 1's single score and results.scorer", () => {
    expect(Object.keys(sampleScores({ score: { name: "includes", value: "C" } }))).toEqual(["includes"]);
    expect(
      storedScores({ scorer: { name: "includes" }, metrics: { accuracy: { name: "accuracy", value: 0.75 } } }),
    ).toEqual([{ name: "includes", accuracy: 0.75, metrics: { accuracy: { name: "accuracy", value: 0.75 } } }]);
  });

  it("keeps the order of results.scores and skips entries without a name", () => {
    const stored = storedScores({
      scores: [{ name: "b", metrics: {} }, { metrics: {} }, { name: "a", metrics: { accuracy: { value: 1 } } }],
    });
    expect(stored.map((score) => [score.name, score.accuracy])).toEqual([
      ["b", undefined],
      ["a", 1],
    ]);
  });
});
