import { describe, expect, it } from "vitest";
import { readSourceScore } from "./run-header";

describe("readSourceScore", () => {
  it("reads an Inspect run's primary scorer and stored accuracy, n/a (null) when none was stored", () => {
    expect(readSourceScore({ source: "inspect", primaryScorer: "match", inspectAccuracy: 0.5 })).toEqual({
      scorer: "match",
      accuracy: 0.5,
    });
    expect(readSourceScore({ primaryScorer: "match" })).toEqual({ scorer: "match", accuracy: null });
  });

  it("gives nothing for runs without a scorer", () => {
    expect(readSourceScore({ source: "tau2" })).toBeNull();
    expect(readSourceScore(null)).toBeNull();
    expect(readSourceScore(["match"])).toBeNull();
  });
});
