import type { ErrorPropagation, StopReasonCount, Stratum } from "@/lib/metrics";

export interface PassKPoint {
  k: number;
  passHat: number | null;
  passAt: number | null;
}

/** pass^k and pass@k against k; values stay null where k exceeds a task's trials (undefined, not 0). */
export function buildPassKSeries(
  passHatK: Record<number, number | null>,
  passAtK: Record<number, number | null>,
): PassKPoint[] {
  const ks = [...new Set([...Object.keys(passHatK), ...Object.keys(passAtK)].map(Number))]
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return ks.map((k) => ({ k, passHat: passHatK[k] ?? null, passAt: passAtK[k] ?? null }));
}

export interface StopReasonPoint {
  reason: string;
  recorded: number;
  inferred: number;
  total: number;
}

export function buildStopReasonSeries(details: readonly StopReasonCount[]): StopReasonPoint[] {
  return details.map((entry) => ({
    reason: entry.reason,
    recorded: entry.count - entry.inferredCount,
    inferred: entry.inferredCount,
    total: entry.count,
  }));
}

export interface StratumPoint {
  key: string;
  value: number | null;
  /** Offsets below and above value for an error bar; null without an interval. */
  error: [number, number] | null;
  count: number;
  n: number;
  label: string;
  /** Axis tick: the stratum and its successes/n, so the count stays readable beside the error bar. */
  tick: string;
}

/** Success rate per stratum with its Wilson interval; empty strata keep n = 0 and a null value. */
export function buildStratumSeries(strata: readonly Stratum[]): StratumPoint[] {
  return strata.map((stratum) => {
    const rate = stratum.successRate;
    const error: [number, number] | null =
      rate.value !== null && rate.low !== null && rate.high !== null
        ? [rate.value - rate.low, rate.high - rate.value]
        : null;
    const label = `${rate.count}/${rate.n}`;
    return {
      key: stratum.key,
      value: rate.value,
      error,
      count: rate.count,
      n: rate.n,
      label,
      tick: `${stratum.key} (${label})`,
    };
  });
}

export interface HistogramPoint {
  bin: string;
  count: number;
}

export function buildErrorPositionSeries(propagation: ErrorPropagation): HistogramPoint[] {
  return propagation.histogram.map((bin) => ({
    bin: `${bin.low.toFixed(1)}–${bin.high.toFixed(1)}`,
    count: bin.count,
  }));
}
