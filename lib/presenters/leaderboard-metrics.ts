import type { RunMetricsResponse } from "@/lib/server/get-run-metrics";
import { formatCount, formatInterval, formatPercent, formatStandardError, NOT_AVAILABLE } from "./leaderboard-format";

/** The run-level metrics a leaderboard cell reads; the lean summary row stores exactly these. */
export type LeaderboardMetrics = Pick<
  RunMetricsResponse,
  "successRate" | "passHatK" | "goldHistory" | "toolWorkflowCompletion" | "holisticSuccess" | "recovery" | "turnLimitRate" | "proxyState"
>;

export type MetricGroupId = "gold" | "closed" | "proxy";

export const METRIC_GROUPS: readonly { id: MetricGroupId; label: string }[] = [
  { id: "gold", label: "Gold history (next turn)" },
  { id: "closed", label: "Closed loop" },
  { id: "proxy", label: "Proxy state (judge)" },
];

export interface MetricDefinition {
  id: string;
  group: MetricGroupId;
  label: string;
  description: string;
}

/** One table cell / chart point: `value` (a fraction) sorts and plots, `text` and `detail` are shown. */
export interface MetricCell {
  value: number | null;
  text: string;
  /** Uncertainty (± SE, [interval]) or the n/N behind a rate. */
  detail: string | null;
  /** Error bar bounds as fractions, when the metric carries an uncertainty. */
  low: number | null;
  high: number | null;
  title: string;
}

const FIXED_METRICS: readonly MetricDefinition[] = [
  { id: "rouge1", group: "gold", label: "ROUGE-1", description: "mean ROUGE-1 F1 of text turns" },
  { id: "allTurn", group: "gold", label: "All-turn success", description: "judge success over all turns" },
  { id: "textTurn", group: "gold", label: "Text-turn success", description: "judge success over text turns" },
  { id: "toolTurn", group: "gold", label: "Tool-turn success", description: "judge success over tool turns" },
  { id: "exactCall", group: "gold", label: "Exact call accuracy", description: "exact tool name and arguments" },
  { id: "argumentF1", group: "gold", label: "Argument F1", description: "mean argument F1 of tool turns" },
  { id: "success", group: "closed", label: "Success rate", description: "successful trajectories, 95% interval with trials of a task as one cluster" },
];

const CLOSED_TAIL: readonly MetricDefinition[] = [
  { id: "toolWorkflow", group: "closed", label: "Tool-workflow completion", description: "tool-requiring trajectories completed without unresolved tool errors" },
  { id: "holistic", group: "closed", label: "Holistic success", description: "judge: goal completed, no policy violation, no unresolved tool error" },
  { id: "recovery", group: "closed", label: "Recovery", description: "trajectories with a tool error that still succeed" },
  { id: "turnLimit", group: "closed", label: "Turn-limit rate", description: "trajectories stopped by the turn limit" },
];

const PROXY_METRICS: readonly MetricDefinition[] = [
  { id: "goalCompletion", group: "proxy", label: "GC", description: "goal completion (judge), ± task bootstrap SE" },
  { id: "userError", group: "proxy", label: "User error", description: "judge: the user caused the error" },
  { id: "agentError", group: "proxy", label: "Agent error", description: "judge: the agent caused the error" },
  { id: "toolHallucination", group: "proxy", label: "Tool halluc.", description: "tool hallucination rate" },
  { id: "userHallucination", group: "proxy", label: "User halluc.", description: "user hallucination rate" },
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
  for (let decade = 10; decade <= maxK; decade *= 10) for (const step of [1, 2, 5]) if (decade * step <= maxK) ks.push(decade * step);
  return ks;
}

export function buildMetricDefinitions(maxK: number): MetricDefinition[] {
  const passK = choosePassKColumns(maxK).map((k) => ({
    id: `pass${k}`,
    group: "closed" as const,
    label: `pass^${k}`,
    description: `probability that ${k} trials of a task all succeed`,
  }));
  return [...FIXED_METRICS, ...passK, ...CLOSED_TAIL, ...PROXY_METRICS];
}

function plain(value: number | null, title: string): MetricCell {
  return { value, text: formatPercent(value), detail: null, low: null, high: null, title };
}

function rateWithCount(rate: number | null, count: number, total: number, title: string): MetricCell {
  return { value: rate, text: formatPercent(rate), detail: total > 0 ? formatCount(count, total) : null, low: null, high: null, title: `${title} (${count}/${total})` };
}

function countFirst(rate: number | null, count: number, total: number, title: string): MetricCell {
  return { value: rate, text: formatCount(count, total), detail: rate === null ? null : formatPercent(rate), low: null, high: null, title };
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
    case "rouge1": return plain(g.rouge1F1, `${title} (${g.textTurns} text turns)`);
    case "allTurn": return plain(g.allTurnSuccess, `${title} (${g.textTurns + g.toolTurns} turns)`);
    case "textTurn": return plain(g.textTurnSuccess, `${title} (${g.textTurns} text turns)`);
    case "toolTurn": return plain(g.toolTurnSuccess, `${title} (${g.toolTurns} tool turns)`);
    case "exactCall": return plain(g.exactCallAccuracy, `${title} (${g.toolTurns} tool turns)`);
    case "argumentF1": return plain(g.argumentF1, `${title} (${g.toolTurns} tool turns)`);
    case "success": return successCell(m, title);
    case "toolWorkflow": return countFirst(m.toolWorkflowCompletion.rate, m.toolWorkflowCompletion.count, m.toolWorkflowCompletion.eligible, title);
    case "holistic": return countFirst(m.holisticSuccess.rate, m.holisticSuccess.count, m.holisticSuccess.eligible, title);
    case "recovery": return rateWithCount(m.recovery.rate, m.recovery.recovered, m.recovery.errorTrajectories, title);
    case "turnLimit": return rateWithCount(m.turnLimitRate.rate, m.turnLimitRate.count, m.turnLimitRate.n, title);
    case "goalCompletion": return bootstrapped(m.proxyState.goalCompletion, title);
    case "userError": return bootstrapped(m.proxyState.userError, title);
    case "agentError": return bootstrapped(m.proxyState.agentError, title);
    case "toolHallucination": return bootstrapped(m.proxyState.toolHallucination, title);
    case "userHallucination": return bootstrapped(m.proxyState.userHallucination, title);
    default: return plain(null, title);
  }
}
