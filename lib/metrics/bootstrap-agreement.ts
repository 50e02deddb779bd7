import { DEFAULT_RESAMPLES, DEFAULT_SEED, quantile, sampleStandardDeviation } from "./bootstrap";
import { cohensKappaOfPairs, type Label, labelKey, pairLabels, percentAgreementOfPairs } from "./compute-agreement";
import { createSeededRandom, drawIndex } from "./create-seeded-random";
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
 * seed, same order of indices), but counted into per-label tallies instead of building a sample
 * array and label maps per resample: a 2,000-item study report runs dozens of these at 10,000
 * resamples each.
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
  const random = createSeededRandom(options.seed ?? DEFAULT_SEED);
  const countsA = new Float64Array(labels);
  const countsB = new Float64Array(labels);
  for (let r = 0; r < resamples; r += 1) {
    countsA.fill(0);
    countsB.fill(0);
    let observed = 0;
    for (let i = 0; i < n; i += 1) {
      const j = drawIndex(random, n);
      const a = codesA[j] ?? 0;
      const b = codesB[j] ?? 0;
      countsA[a] = (countsA[a] ?? 0) + 1;
      countsB[b] = (countsB[b] ?? 0) + 1;
      if (a === b) observed += 1;
    }
    percent.push(observed / n);
    let expected = 0;
    for (let k = 0; k < labels; k += 1) expected += ((countsA[k] ?? 0) / n) * ((countsB[k] ?? 0) / n);
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
