import type { RunJudges } from "@/lib/contracts/run-judges";
import { formatCount, formatNumber, formatPercent } from "./format";

export interface JudgeRow {
  title: string;
  n: number;
  labels: string;
  notCompared: number;
  agreement: string;
  kappa: string;
  cost: string;
  confusion: { passSuccess: number; passFailure: number; failSuccess: number; failFailure: number };
}

export interface JudgesViewModel {
  rows: JudgeRow[];
  pairs: { a: string; b: string; agreement: string; kappa: string }[];
  /** Judge said pass while the benchmark failed, then the reverse. */
  passButFailed: RunJudges["disagreements"];
  failButPassed: RunJudges["disagreements"];
}

/** "0.063 [-0.052, 0.190]"; n/a when undefined, the interval left out when the bootstrap had none. */
export function formatKappa(kappa: number | null, low: number | null, high: number | null): string {
  if (kappa === null) return "n/a";
  const interval = low !== null && high !== null ? ` [${formatNumber(low)}, ${formatNumber(high)}]` : "";
  return `${formatNumber(kappa)}${interval}`;
}

function title(judge: { name: string; model: string }): string {
  return judge.model ? `${judge.name} (${judge.model})` : judge.name;
}

export function buildJudgesView(data: RunJudges): JudgesViewModel {
  return {
    rows: data.judges.map((judge) => ({
      title: title(judge),
      n: judge.n,
      labels: Object.entries(judge.labels)
        .sort((a, b) => b[1] - a[1])
        .map(([label, count]) => `${label} ${count}`)
        .join(", "),
      notCompared: judge.notCompared,
      agreement: `${formatPercent(judge.vsOutcome.rate)} (${formatCount(judge.vsOutcome.agree, judge.vsOutcome.compared)})`,
      kappa: formatKappa(judge.vsOutcome.kappa, judge.vsOutcome.low, judge.vsOutcome.high),
      cost: judge.costUsd === null ? "n/a" : `$${judge.costUsd.toFixed(4)}`,
      confusion: judge.vsOutcome.confusion,
    })),
    pairs: data.pairwise.map((pair) => ({
      a: pair.a,
      b: pair.b,
      agreement: `${formatPercent(pair.compared > 0 ? pair.agree / pair.compared : null)} (${formatCount(pair.agree, pair.compared)})`,
      kappa: formatKappa(pair.kappa, null, null),
    })),
    passButFailed: data.disagreements.filter((row) => row.judgePass && !row.benchmarkSuccess),
    failButPassed: data.disagreements.filter((row) => !row.judgePass && row.benchmarkSuccess),
  };
}
