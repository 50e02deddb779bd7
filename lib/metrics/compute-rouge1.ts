import { porterStem } from "./porter-stem";

export interface RougeScore {
  precision: number;
  recall: number;
  f1: number;
}

export interface RougeOptions {
  /** Porter-stem tokens longer than 3 characters, as rouge-score's use_stemmer=True does. Off by default. */
  stem?: boolean;
}

/**
 * Mirrors google-research rouge-score `tokenize.tokenize`: lowercase, every run
 * of non [a-z0-9] characters becomes a space, split on whitespace, drop empty
 * tokens. Non-ASCII letters are therefore separators, exactly as in the
 * reference implementation. With `stem`, tokens longer than 3 characters are
 * stemmed (see porter-stem.ts for how our Porter differs from NLTK's).
 */
export function tokenizeForRouge(text: string, options: RougeOptions = {}): string[] {
  const tokens = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .split(/\s+/)
    .filter((token) => /^[a-z0-9]+$/.test(token));
  return options.stem ? tokens.map((token) => (token.length > 3 ? porterStem(token) : token)) : tokens;
}

function countTokens(tokens: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/**
 * ROUGE-1 with clipped unigram counts, matching rouge-score's `_score_ngrams`:
 * precision = overlap / max(|prediction|, 1), recall = overlap / max(|reference|, 1),
 * F1 = 0 when precision + recall = 0. So an empty reference or prediction
 * (including both empty) scores 0/0/0. Stemming is off by default, like
 * rouge-score's default and the stored per-turn scores.
 */
export function computeRouge1(reference: string, prediction: string, options: RougeOptions = {}): RougeScore {
  const referenceCounts = countTokens(tokenizeForRouge(reference, options));
  const predictionCounts = countTokens(tokenizeForRouge(prediction, options));
  let overlap = 0;
  let referenceTotal = 0;
  let predictionTotal = 0;
  for (const [token, count] of referenceCounts) {
    referenceTotal += count;
    overlap += Math.min(count, predictionCounts.get(token) ?? 0);
  }
  for (const count of predictionCounts.values()) predictionTotal += count;
  const precision = overlap / Math.max(predictionTotal, 1);
  const recall = overlap / Math.max(referenceTotal, 1);
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
