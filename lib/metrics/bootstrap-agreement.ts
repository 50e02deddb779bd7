import { DEFAULT_RESAMPLES, DEFAULT_SEED, quantileInterval, sampleStandardDeviation } from "./bootstrap";
import { createSeededRandom } from "./create-seeded-random";
import { createMultinomialResampler } from "./multinomial-resample";
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
  return {
    estimate,
    se: sampleStandardDeviation(values),
    ...quantileInterval(values, level),
    validResamples: values.length,
  };
}

/**
 * Both statistics depend on the resample only through the counts of the label x label table, and drawing n
 * items with replacement gives those counts as Multinomial(n, observed cell shares). So each resample draws the
 * counts directly, one cell after another as a binomial of what is left (one uniform per non-empty cell,
 * createMultinomialResampler), instead of n item indices: a 2,000-item study report runs dozens of comparisons at 10,000 resamples each, and this
 * makes a resample cost the number of cells, not of items. Same distribution as resampling items; not the same
 * random stream as `bootstrapDistribution`.
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
  const observedCells = new Int32Array(labels * labels);
  for (let i = 0; i < n; i += 1) {
    const cell = (codesA[i] ?? 0) * labels + (codesB[i] ?? 0);
    observedCells[cell] = (observedCells[cell] ?? 0) + 1;
  }
  const filled = [...observedCells.keys()].filter((cell) => (observedCells[cell] ?? 0) > 0);
  const resamples = options.resamples ?? DEFAULT_RESAMPLES;
  const draw = createMultinomialResampler(
    Int32Array.from(filled, (cell) => observedCells[cell] ?? 0),
    createSeededRandom(options.seed ?? DEFAULT_SEED),
  );
  const drawn = new Float64Array(filled.length);
  const cells = new Float64Array(labels * labels);
  for (let r = 0; r < resamples; r += 1) {
    draw(drawn);
    for (let k = 0; k < filled.length; k += 1) cells[filled[k] ?? 0] = drawn[k] ?? 0;
    let observed = 0;
    let expected = 0;
    for (let a = 0; a < labels; a += 1) {
      observed += cells[a * labels + a] ?? 0;
      let countA = 0;
      let countB = 0;
      for (let b = 0; b < labels; b += 1) {
        countA += cells[a * labels + b] ?? 0;
        countB += cells[b * labels + a] ?? 0;
      }
      expected += (countA / n) * (countB / n);
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
