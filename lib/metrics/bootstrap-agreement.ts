import { DEFAULT_RESAMPLES, DEFAULT_SEED, quantile, sampleStandardDeviation } from "./bootstrap";
import { cohensKappaOfPairs, type Label, labelKey, pairLabels, percentAgreementOfPairs } from "./compute-agreement";
import type { BootstrapOptions } from "./types";

export interface BootstrappedEstimate {
  estimate: number | null;
  se: number | null;
  low: number | null;
  high: number | null;
  /** Resamples where the statistic was defined (kappa is undefined when a resample has a single label). */
  validResamples: number;
}

export interface AgreementBootstrapOptions extends BootstrapOptions {
  level?: number;
}

function summarize(estimate: number | null, values: number[], level: number): BootstrappedEstimate {
  values.sort((x, y) => x - y);
  const alpha = (1 - level) / 2;
  return {
    estimate,
    se: sampleStandardDeviation(values),
    low: quantile(values, alpha),
    high: quantile(values, 1 - alpha),
    validResamples: values.length,
  };
}

/**
 * Both statistics over the same resamples, drawn exactly as bootstrapDistribution draws them (same
 * seed, same order of indices, mulberry32 inlined), but counted into the cells of the label x label
 * table instead of building a sample array and label maps per resample: a 2,000-item study report
 * runs dozens of these at 10,000 resamples each, so the inner loop is one draw and one increment.
 */
function resampleAgreement(
  codesA: Int32Array,
  codesB: Int32Array,
  labels: number,
  options: BootstrapOptions,
): { percent: number[]; kappa: number[] } {
  const n = codesA.length;
  const percent: number[] = [];
  const kappa: number[] = [];
  if (n === 0) return { percent, kappa };
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const cellOf = new Int32Array(n);
  for (let i = 0; i < n; i += 1) cellOf[i] = (codesA[i] ?? 0) * labels + (codesB[i] ?? 0);
  const cells = new Int32Array(labels * labels);
  // createSeededRandom's state and steps, inlined: the same numbers in the same order as drawIndex.
  let state = (options.seed ?? DEFAULT_SEED) >>> 0;
  for (let r = 0; r < resamples; r += 1) {
    cells.fill(0);
    for (let i = 0; i < n; i += 1) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      const j = Math.min(n - 1, Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n));
      cells[cellOf[j] as number] += 1;
    }
    let observed = 0;
    let expected = 0;
    for (let a = 0; a < labels; a += 1) {
      observed += cells[a * labels + a] as number;
      let rowA = 0;
      let columnA = 0;
      for (let b = 0; b < labels; b += 1) {
        rowA += cells[a * labels + b] as number;
        columnA += cells[b * labels + a] as number;
      }
      expected += (rowA / n) * (columnA / n);
    }
    percent.push(observed / n);
    if (Math.abs(1 - expected) >= 1e-12) {
      const value = (observed / n - expected) / (1 - expected);
      if (Number.isFinite(value)) kappa.push(value);
    }
  }
  return { percent, kappa };
}

/** Percentile intervals for percent agreement and Cohen's kappa, resampling items rated by both raters. */
export function bootstrapAgreement(
  a: readonly (Label | null)[],
  b: readonly (Label | null)[],
  options: AgreementBootstrapOptions = {},
): { percentAgreement: BootstrappedEstimate; kappa: BootstrappedEstimate } {
  const pairs = pairLabels(a, b);
  const codes = new Map<string, number>();
  const codeOf = (label: Label) => {
    const key = labelKey(label);
    const known = codes.get(key);
    if (known !== undefined) return known;
    codes.set(key, codes.size);
    return codes.size - 1;
  };
  const codesA = Int32Array.from(pairs, (pair) => codeOf(pair.a));
  const codesB = Int32Array.from(pairs, (pair) => codeOf(pair.b));
  const { percent, kappa } = resampleAgreement(codesA, codesB, codes.size, options);
  const level = options.level ?? 0.95;
  return {
    percentAgreement: summarize(percentAgreementOfPairs(pairs), percent, level),
    kappa: summarize(cohensKappaOfPairs(pairs), kappa, level),
  };
}
