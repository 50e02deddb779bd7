import type { RunMetricsResponse } from "@/lib/contracts/run-metrics";
import type { LeaderboardMetrics } from "@/lib/contracts/leaderboard-summary";
import { METRIC_GROUP_LABELS, metricSpec, type MetricGroupId, type MetricSpec } from "@/lib/metrics/registry";
import {
  formatCount,
  formatInterval,
  formatPercent,
  formatStandardError,
  NOT_AVAILABLE,
} from "@/lib/presenters/format";

export type { MetricGroupId };

export const METRIC_GROUPS: readonly { id: MetricGroupId; label: string }[] = (
  ["gold", "closed", "proxy"] as const
).map((id) => ({ id, label: METRIC_GROUP_LABELS[id] }));

/** A leaderboard column: its short URL key (sort=, metric=) and the registry entry it shows. */
export interface MetricDefinition {
  id: string;
  group: MetricGroupId;
  label: string;
  description: string;
  direction: MetricSpec["direction"];
}

/** One table cell / chart point: `value` (a fraction) sorts and plots, `text` and `detail` are shown. */
export interface MetricCell {
  value: number | null;
  text: string;
  /** Uncertainty (± SE, [interval]) or the n/N behind a rate. Left out of the table's client payload when null. */
  detail?: string | null;
  /** Error bar bounds as fractions, when the metric carries an uncertainty (for the chart; not sent to the table). */
  low?: number | null;
  high?: number | null;
  title: string;
}

function column(id: string, registryId: string): MetricDefinition {
  const spec = metricSpec(registryId);
  return { id, group: spec.group, label: spec.shortLabel, description: spec.description, direction: spec.direction };
}

const FIXED_METRICS: readonly MetricDefinition[] = [
  column("rouge1", "rouge1F1"),
  column("allTurn", "allTurnSuccess"),
  column("textTurn", "textTurnSuccess"),
  column("toolTurn", "toolTurnSuccess"),
  column("exactCall", "exactCallAccuracy"),
  column("argumentF1", "argumentF1"),
  column("success", "successRate"),
];

const CLOSED_TAIL: readonly MetricDefinition[] = [
  column("toolWorkflow", "toolWorkflowCompletion"),
  column("holistic", "holisticSuccess"),
  column("recovery", "recovery"),
  column("turnLimit", "turnLimitRate"),
];

const PROXY_METRICS: readonly MetricDefinition[] = [
  column("goalCompletion", "goalCompletion"),
  column("userError", "userError"),
  column("agentError", "agentError"),
  column("toolHallucination", "toolHallucination"),
  column("userHallucination", "userHallucination"),
];

/** Largest k with a pass^k key in any run (keys go 1..max trials per task). */
export function findMaxPassK(metrics: readonly Pick<LeaderboardMetrics, "passHatK">[]): number {
  let max = 0;
  for (const m of metrics) for (const key of Object.keys(m.passHatK)) max = Math.max(max, Number(key) || 0);
  return max;
}

/**
 * The k of the pass^k columns: 1-5, then 10, 20, 50, 100, ... up to the largest k. A run of
 * 100 trials per task would otherwise add 100 columns to every row of the table.
 */
export function choosePassKColumns(maxK: number): number[] {
  const ks = Array.from({ length: Math.min(maxK, 5) }, (_, index) => index + 1);
  for (let decade = 10; decade <= maxK; decade *= 10)
    for (const step of [1, 2, 5]) if (decade * step <= maxK) ks.push(decade * step);
  return ks;
}

export function buildMetricDefinitions(maxK: number): MetricDefinition[] {
  const passK = choosePassKColumns(maxK).map((k) => column(`pass${k}`, `passHatK${k}`));
  return [...FIXED_METRICS, ...passK, ...CLOSED_TAIL, ...PROXY_METRICS];
}

function plain(value: number | null, title: string): MetricCell {
  return { value, text: formatPercent(value), detail: null, low: null, high: null, title };
}

function rateWithCount(rate: number | null, count: number, total: number, title: string): MetricCell {
  return {
    value: rate,
    text: formatPercent(rate),
    detail: total > 0 ? formatCount(count, total) : null,
    low: null,
    high: null,
    title: `${title} (${count}/${total})`,
  };
}

function countFirst(rate: number | null, count: number, total: number, title: string): MetricCell {
  return {
    value: rate,
    text: formatCount(count, total),
    detail: rate === null ? null : formatPercent(rate),
    low: null,
    high: null,
    title,
  };
}

function bootstrapped(rate: RunMetricsResponse["proxyState"]["goalCompletion"], title: string): MetricCell {
  if (rate.value === null) return { value: null, text: NOT_AVAILABLE, detail: null, low: null, high: null, title };
  const se = rate.se;
  return {
    value: rate.value,
    text: formatPercent(rate.value),
    detail: formatStandardError(se) ?? `${rate.count}/${rate.n}`,
    low: se === null ? null : Math.max(0, rate.value - se),
    high: se === null ? null : Math.min(1, rate.value + se),
    title: `${title} (${rate.count}/${rate.n}${se === null ? ", no SE: fewer than two labelled tasks" : ""})`,
  };
}

function successCell(m: LeaderboardMetrics, title: string): MetricCell {
  const s = m.successRate;
  const se = formatStandardError(s.se);
  return {
    value: s.value,
    text: formatPercent(s.value),
    detail: formatInterval(s.low, s.high),
    low: s.low,
    high: s.high,
    title: `${title}: ${s.successes}/${s.n}${s.effectiveN !== null ? `, effective n ${Math.round(s.effectiveN * 10) / 10}` : ""}${se ? `, SE ${se.slice(2)}` : ""}`,
  };
}

/** The cell of one metric for one run; undefined metrics read "n/a", never 0. */
export function buildMetricCell(m: LeaderboardMetrics, definition: MetricDefinition): MetricCell {
  const title = definition.description;
  const g = m.goldHistory;
  if (definition.id.startsWith("pass")) {
    const k = Number(definition.id.slice(4));
    return plain(m.passHatK[k] ?? null, title);
  }
  switch (definition.id) {
    case "rouge1":
      return plain(g.rouge1F1, `${title} (${g.textTurns} text turns)`);
    case "allTurn":
      return plain(g.allTurnSuccess, `${title} (${g.textTurns + g.toolTurns} turns)`);
    case "textTurn":
      return plain(g.textTurnSuccess, `${title} (${g.textTurns} text turns)`);
    case "toolTurn":
      return plain(g.toolTurnSuccess, `${title} (${g.toolTurns} tool turns)`);
    case "exactCall":
      return plain(g.exactCallAccuracy, `${title} (${g.toolTurns} tool turns)`);
    case "argumentF1":
      return plain(g.argumentF1, `${title} (${g.toolTurns} tool turns)`);
    case "success":
      return successCell(m, title);
    case "toolWorkflow":
      return countFirst(
        m.toolWorkflowCompletion.rate,
        m.toolWorkflowCompletion.count,
        m.toolWorkflowCompletion.eligible,
        title,
      );
    case "holistic":
      return countFirst(m.holisticSuccess.rate, m.holisticSuccess.count, m.holisticSuccess.eligible, title);
    case "recovery":
      return rateWithCount(m.recovery.rate, m.recovery.recovered, m.recovery.errorTrajectories, title);
    case "turnLimit":
      return rateWithCount(m.turnLimitRate.rate, m.turnLimitRate.count, m.turnLimitRate.n, title);
    case "goalCompletion":
      return bootstrapped(m.proxyState.goalCompletion, title);
    case "userError":
      return bootstrapped(m.proxyState.userError, title);
    case "agentError":
      return bootstrapped(m.proxyState.agentError, title);
    case "toolHallucination":
      return bootstrapped(m.proxyState.toolHallucination, title);
    case "userHallucination":
      return bootstrapped(m.proxyState.userHallucination, title);
    default:
      return plain(null, title);
  }
}
