import type { DimensionAgreement } from "./agreement-report";
import { formatKappa } from "./agreement-format";

export interface JudgeAgreementPoint {
  key: string;
  dimension: string;
  judge: string;
  /** Cohen's kappa of the judge vs the human majority; null when undefined (no bar, "n/a"). */
  value: number | null;
  /** Offsets below and above value for the error bar; null without a bootstrap interval. */
  error: [number, number] | null;
  n: number;
  /** "κ 0.375 [0.100, 0.700], n = 5" or "n/a, n = 5". */
  label: string;
  /** Axis tick: dimension and judge. */
  tick: string;
}

export interface JudgeAgreementSeries {
  points: JudgeAgreementPoint[];
  /** Lower end of the data: 0, or the lowest interval end below it (kappa can be negative). */
  yMin: number;
  /** The y axis: from a round value at or below yMin to 1, with ticks at round values (kappaAxis). */
  axis: KappaAxis;
}

export interface KappaAxis {
  domain: [number, number];
  ticks: number[];
}

/**
 * Ticks at round values (every 0.2, or every 0.5 on a span beyond 1.4) from a multiple of the step at or below
 * `yMin` up to 1, passed to the chart as they are: recharts' own ticks for [0, 1] fell at 0.25 and 0.75, which a
 * one-decimal formatter labelled 0.3 and 0.8.
 */
export function kappaAxis(yMin: number): KappaAxis {
  const low = Math.max(-1, Math.min(0, yMin));
  const step = 1 - low <= 1.4 ? 0.2 : 0.5;
  const steps = Math.round(1 / step);
  const first = Math.floor(low / step + 1e-9);
  const ticks: number[] = [];
  for (let k = first; k <= steps; k += 1) ticks.push(Math.round(k * step * 100) / 100);
  return { domain: [ticks[0] ?? 0, 1], ticks };
}

/** A tick's label: its value, with no digit more or fewer than it has (0, 0.2, -0.5, 1). */
export function formatKappaTick(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** One point per judge per dimension: kappa vs the human majority with its 95% bootstrap percentile interval. */
export function buildJudgeAgreementSeries(dimensions: readonly DimensionAgreement[]): JudgeAgreementSeries {
  const points = dimensions.flatMap((dimension) =>
    dimension.judges.map((judge) => {
      const { estimate, low, high } = judge.vsMajority.kappa;
      const n = judge.vsMajority.n;
      const error: [number, number] | null =
        estimate !== null && low !== null && high !== null ? [estimate - low, high - estimate] : null;
      const interval = low !== null && high !== null ? ` [${formatKappa(low)}, ${formatKappa(high)}]` : "";
      return {
        key: `${dimension.key}:${judge.key}`,
        dimension: dimension.label,
        judge: judge.name,
        value: estimate,
        error,
        n,
        label: estimate === null ? `n/a, n = ${n}` : `κ ${formatKappa(estimate)}${interval}, n = ${n}`,
        tick: `${dimension.label}: ${judge.name}`,
      };
    }),
  );
  const lows = points.flatMap((p) => (p.value === null ? [] : [p.value - (p.error?.[0] ?? 0)]));
  const lowest = Math.min(0, ...lows);
  const yMin = lowest < 0 ? Math.max(-1, Math.floor(lowest * 10) / 10) : 0;
  return { points, yMin, axis: kappaAxis(yMin) };
}
