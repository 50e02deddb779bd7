import { describe, expect, it } from "vitest";
import { aggregateGoldHistory } from "./aggregate-gold-history";
import type { TurnScore } from "./types";

const text = (rouge1F1: number | null, judgeSuccess: boolean | null): TurnScore => ({
  kind: "text",
  rouge1F1,
  judgeSuccess,
  exactMatch: null,
  argumentF1: null,
});
const tool = (exactMatch: boolean | null, argumentF1: number | null, judgeSuccess: boolean | null): TurnScore => ({
  kind: "tool",
  rouge1F1: null,
  judgeSuccess,
  exactMatch,
  argumentF1,
});

describe("aggregateGoldHistory", () => {
  it("averages each protocol over its own non-null denominator", () => {
    const result = aggregateGoldHistory([
      text(0.5, true),
      text(null, false),
      text(0.7, null),
      tool(true, 1, true),
      tool(false, 0.5, false),
      tool(null, null, null),
    ]);
    expect(result.rouge1F1).toBeCloseTo(0.6, 12);
    expect(result).toMatchObject({
      allTurnSuccess: 0.5,
      textTurnSuccess: 0.5,
      toolTurnSuccess: 0.5,
      exactCallAccuracy: 0.5,
      argumentF1: 0.75,
      textTurns: 3,
      toolTurns: 3,
    });
  });

  it("leaves tool metrics null when there are no tool turns", () => {
    expect(aggregateGoldHistory([text(0.4, false), text(0.2, true)])).toEqual({
      rouge1F1: 0.30000000000000004,
      allTurnSuccess: 0.5,
      textTurnSuccess: 0.5,
      toolTurnSuccess: null,
      exactCallAccuracy: null,
      argumentF1: null,
      textTurns: 2,
      toolTurns: 0,
    });
  });

  it("is all null for no turns", () => {
    expect(aggregateGoldHistory([])).toEqual({
      rouge1F1: null,
      allTurnSuccess: null,
      textTurnSuccess: null,
      toolTurnSuccess: null,
      exactCallAccuracy: null,
      argumentF1: null,
      textTurns: 0,
      toolTurns: 0,
    });
  });
});
