import { computeArgumentF1, computeRouge1, isExactCallMatch } from "@/lib/metrics";
import type { TurnAction, TurnPrediction } from "../schema/turn-prediction";
import type { TurnPredictionRow } from "./types";

function textOf(action: TurnAction): string | null {
  return "text" in action ? action.text : null;
}

function toolCallOf(action: TurnAction) {
  return "toolCall" in action ? action.toolCall : null;
}

/** Scores one gold-history example: ROUGE-1 for text turns, exact match and argument F1 for tool turns. */
export function prepareTurnPrediction(input: {
  id: string;
  runId: string;
  taskId: string;
  record: TurnPrediction;
}): TurnPredictionRow {
  const { record } = input;
  let rouge: { precision: number; recall: number; f1: number } | null = null;
  let exactMatch: boolean | null = null;
  let argumentF1: number | null = null;
  if (record.kind === "text") {
    const reference = textOf(record.reference);
    // A tool call where text was expected shares no words with the reference.
    const prediction = textOf(record.prediction) ?? "";
    if (reference !== null) rouge = computeRouge1(reference, prediction);
  } else {
    const reference = toolCallOf(record.reference);
    const prediction = toolCallOf(record.prediction);
    if (reference !== null) {
      exactMatch = prediction !== null && isExactCallMatch(reference, prediction);
      argumentF1 = prediction === null ? 0 : computeArgumentF1(reference, prediction);
    }
  }
  return {
    id: input.id,
    runId: input.runId,
    taskId: input.taskId,
    turnIndex: record.turn,
    kind: record.kind,
    reference: record.reference,
    prediction: record.prediction,
    judgeSuccess: record.judge?.success ?? null,
    judgeFailureCategory: record.judge?.failureCategory ?? null,
    judgeRationale: record.judge?.rationale ?? null,
    judgeName: record.judge?.name ?? null,
    rouge1Precision: rouge?.precision ?? null,
    rouge1Recall: rouge?.recall ?? null,
    rouge1F1: rouge?.f1 ?? null,
    exactMatch,
    argumentF1,
  };
}
