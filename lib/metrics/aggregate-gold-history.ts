import type { TurnScore } from "./types";
import type { GoldHistoryAggregate } from "@/lib/contracts/run-metric-results";
export type { GoldHistoryAggregate } from "@/lib/contracts/run-metric-results";

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

function trueShare(values: readonly (boolean | null)[]): number | null {
  const known = values.filter((v): v is boolean => v !== null);
  return known.length === 0 ? null : known.filter(Boolean).length / known.length;
}

function present(values: readonly (number | null)[]): number[] {
  return values.filter((v): v is number => v !== null);
}

/**
 * Seed 000 protocols (i)-(iii) over gold-history next-turn scores. Null
 * scores mean "not scored" and leave the denominator; ingest must write 0
 * (not null) when a tool call was expected and the model answered in text,
 * otherwise such misses would silently vanish from exact accuracy and F1.
 */
export function aggregateGoldHistory(turns: readonly TurnScore[]): GoldHistoryAggregate {
  const text = turns.filter((t) => t.kind === "text");
  const tool = turns.filter((t) => t.kind === "tool");
  return {
    rouge1F1: mean(present(text.map((t) => t.rouge1F1))),
    allTurnSuccess: trueShare(turns.map((t) => t.judgeSuccess)),
    textTurnSuccess: trueShare(text.map((t) => t.judgeSuccess)),
    toolTurnSuccess: trueShare(tool.map((t) => t.judgeSuccess)),
    exactCallAccuracy: trueShare(tool.map((t) => t.exactMatch)),
    argumentF1: mean(present(tool.map((t) => t.argumentF1))),
    textTurns: text.length,
    toolTurns: tool.length,
  };
}
