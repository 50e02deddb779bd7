export interface RougeScore {
  precision: number;
  recall: number;
  f1: number;
}

/**
 * Mirrors google-research rouge-score `tokenize.tokenize` without a stemmer:
 * lowercase, every run of non [a-z0-9] characters becomes a space, split on
 * whitespace, drop empty tokens. Non-ASCII letters are therefore separators,
 * exactly as in the reference implementation.
 */
export function tokenizeForRouge(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .split(/\s+/)
    .filter((token) => /^[a-z0-9]+$/.test(token));
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
 * (including both empty) scores 0/0/0. Porter stemming (rouge-score's
 * `use_stemmer=True`) is not implemented; scores equal `use_stemmer=False`.
 */
export function computeRouge1(reference: string, prediction: string): RougeScore {
  const referenceCounts = countTokens(tokenizeForRouge(reference));
  const predictionCounts = countTokens(tokenizeForRouge(prediction));
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
