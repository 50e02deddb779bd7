import type { JsonObject } from "../schema/common";
import { finiteNumber, isRecord, nonEmptyString, toJsonObject } from "./json-value";

/** Inspect's score value letters (inspect_ai.scorer: CORRECT, INCORRECT, PARTIAL, NOANSWER). */
const LETTER_VALUES: Record<string, number> = { C: 1, P: 0.5, I: 0, N: 0 };

export type ScoreConversion =
  | { kind: "value"; value: number }
  | { kind: "unscored" }
  | { kind: "unconvertible"; value: 0 }
  | { kind: "overflow"; message: string };

/** A score Inspect would read as infinity (`1e400`): no metric can use it, so the sample is refused where it is. */
const OVERFLOW: ScoreConversion = {
  kind: "overflow",
  message: "the score is too large for a number (it overflows to infinity); Inspect scores must be finite",
};

/**
 * Inspect's default `value_to_float()`: numbers and booleans as they are; "C" 1, "P" 0.5, "I" and "N" 0;
 * "yes"/"true" 1, "no"/"false" 0 and numeric strings (any case); anything else 0 (Inspect logs a warning
 * and counts it as 0, so we do too). A null value is Inspect's NaN ("unscored"): metrics skip it.
 */
export function convertScoreValue(value: unknown): ScoreConversion {
  if (value === null || value === undefined) return { kind: "unscored" };
  if (typeof value === "boolean") return { kind: "value", value: value ? 1 : 0 };
  if (typeof value === "number") return Number.isFinite(value) ? { kind: "value", value } : OVERFLOW;
  if (typeof value === "string") {
    const letter = LETTER_VALUES[value];
    if (letter !== undefined) return { kind: "value", value: letter };
    const lower = value.toLowerCase();
    if (lower === "yes" || lower === "true") return { kind: "value", value: 1 };
    if (lower === "no" || lower === "false") return { kind: "value", value: 0 };
    const trimmed = lower.trim();
    const number = trimmed === "" ? Number.NaN : Number(trimmed);
    if (Number.isFinite(number)) return { kind: "value", value: number };
    if (!Number.isNaN(number)) return OVERFLOW;
  }
  return { kind: "unconvertible", value: 0 };
}

/** Old (version 1) samples hold one `score`; newer ones a `scores` map keyed by scorer name. */
export function sampleScores(sample: Record<string, unknown>): Record<string, unknown> {
  if (isRecord(sample.scores)) return sample.scores;
  if (isRecord(sample.score)) return { [nonEmptyString(sample.score.name) ?? "score"]: sample.score };
  return {};
}

export interface StoredScore {
  name: string;
  /** The `accuracy` metric Inspect stored for this scorer, when it stored one. */
  accuracy?: number;
  metrics: JsonObject;
}

/** `results.scores[]` (or version 1's single `results.scorer` with `results.metrics`), in Inspect's order. */
export function storedScores(results: unknown): StoredScore[] {
  if (!isRecord(results)) return [];
  const list = Array.isArray(results.scores)
    ? results.scores
    : isRecord(results.scorer)
      ? [{ ...results.scorer, metrics: results.metrics }]
      : [];
  const out: StoredScore[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const name = nonEmptyString(item.name) ?? nonEmptyString(item.scorer);
    if (name === undefined) continue;
    const metrics = isRecord(item.metrics) ? item.metrics : {};
    const accuracy = isRecord(metrics.accuracy) ? finiteNumber(metrics.accuracy.value) : undefined;
    out.push({ name, ...(accuracy === undefined ? {} : { accuracy }), metrics: toJsonObject(metrics) ?? {} });
  }
  return out;
}

/** Scorer names declared in the eval spec (`eval.scorers[].name`), used when no results were stored. */
export function declaredScorers(evalSpec: Record<string, unknown>): string[] {
  if (!Array.isArray(evalSpec.scorers)) return [];
  return evalSpec.scorers.flatMap((item) =>
    isRecord(item) && nonEmptyString(item.name) !== undefined ? [String(item.name)] : [],
  );
}
