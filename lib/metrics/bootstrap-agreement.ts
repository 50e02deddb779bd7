import { bootstrapDistribution, quantile, sampleStandardDeviation } from "./bootstrap";
import {
  cohensKappaOfPairs,
  type Label,
  type LabelPair,
  pairLabels,
  percentAgreementOfPairs,
} from "./compute-agreement";
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

function summarize(
  pairs: readonly LabelPair[],
  statistic: (sample: readonly LabelPair[]) => number | null,
  options: AgreementBootstrapOptions,
): BootstrappedEstimate {
  const values = bootstrapDistribution(pairs, statistic, options).sort((x, y) => x - y);
  const alpha = (1 - (options.level ?? 0.95)) / 2;
  return {
    estimate: statistic(pairs),
    se: sampleStandardDeviation(values),
    low: quantile(values, alpha),
    high: quantile(values, 1 - alpha),
    validResamples: values.length,
  };
}

/** Percentile intervals for percent agreement and Cohen's kappa, resampling items rated by both raters. */
export function bootstrapAgreement(
  a: readonly (Label | null)[],
  b: readonly (Label | null)[],
  options: AgreementBootstrapOptions = {},
): { percentAgreement: BootstrappedEstimate; kappa: BootstrappedEstimate } {
  const pairs = pairLabels(a, b);
  return {
    percentAgreement: summarize(pairs, percentAgreementOfPairs, options),
    kappa: summarize(pairs, cohensKappaOfPairs, options),
  };
}
