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
  /** Lower end of the y axis: 0, or the lowest interval end below it (kappa can be negative). */
  yMin: number;
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
  return { points, yMin: lowest < 0 ? Math.max(-1, Math.floor(lowest * 10) / 10) : 0 };
}
