import type { RunMetricsResponse } from "@/lib/contracts/run-metrics";
import { metricSpec } from "@/lib/metrics/registry";
import {
  formatCount,
  formatInterval,
  formatMetricValue,
  formatPercent,
  formatStandardError,
} from "@/lib/presenters/format";
import { buildEffortCards } from "./run-effort-cards";

export interface MetricCard {
  key: string;
  label: string;
  value: string;
  /** Uncertainty: interval or standard error, when defined. */
  uncertainty: string | null;
  /** Count over denominator, e.g. "12/30", or the denominator's description. */
  fraction: string | null;
  hint: string;
}

export interface MetricCardGroup {
  key: "closed-loop" | "gold-history" | "proxy-state" | "cost-effort";
  title: string;
  description: string;
  cards: MetricCard[];
}

/** Label and hint of a card, from the metric registry (the same words on every page). */
function described(id: string): { label: string; hint: string } {
  const spec = metricSpec(id);
  return {
    label: spec.label,
    hint: `${spec.description[0]?.toUpperCase() ?? ""}${spec.description.slice(1)}; over ${spec.denominator}.`,
  };
}

function labelInterval(interval: string | null): string | null {
  return interval === null ? null : `95% CI ${interval}`;
}

function closedLoopCards(m: RunMetricsResponse): MetricCard[] {
  const cards: MetricCard[] = [
    {
      key: "success",
      ...described("successRate"),
      value: formatPercent(m.successRate.value),
      uncertainty:
        [labelInterval(formatInterval(m.successRate.low, m.successRate.high)), formatStandardError(m.successRate.se)]
          .filter(Boolean)
          .join(" · ") || null,
      fraction: formatCount(m.successRate.successes, m.successRate.n),
    },
    {
      key: "pass-hat-1",
      ...described("passHatK1"),
      value: formatPercent(m.passHatK[1] ?? null),
      uncertainty: null,
      fraction: `${m.tasks} tasks`,
    },
    {
      key: "mean-reward",
      ...described("meanReward"),
      value: formatMetricValue(metricSpec("meanReward"), m.meanReward),
      uncertainty: null,
      fraction: null,
    },
    {
      key: "workflow",
      ...described("toolWorkflowCompletion"),
      value: formatPercent(m.toolWorkflowCompletion.rate),
      uncertainty: null,
      fraction: formatCount(m.toolWorkflowCompletion.count, m.toolWorkflowCompletion.eligible),
    },
    {
      key: "holistic",
      ...described("holisticSuccess"),
      value: formatPercent(m.holisticSuccess.rate),
      uncertainty: null,
      fraction: formatCount(m.holisticSuccess.count, m.holisticSuccess.eligible),
    },
    {
      key: "recovery",
      ...described("recovery"),
      value: formatPercent(m.recovery.rate),
      uncertainty: null,
      fraction: formatCount(m.recovery.recovered, m.recovery.errorTrajectories),
    },
    {
      key: "turn-limit",
      ...described("turnLimitRate"),
      value: formatPercent(m.turnLimitRate.rate),
      uncertainty: null,
      fraction: formatCount(m.turnLimitRate.count, m.turnLimitRate.n),
    },
  ];
  if (m.stateCheck) {
    cards.push({
      key: "state-check",
      label: "State + reply check",
      value: formatPercent(m.stateCheck.rate),
      uncertainty: null,
      fraction: formatCount(m.stateCheck.count, m.stateCheck.eligible),
      hint: "The state/reply check alone, shown beside the external reward.",
    });
  }
  return cards;
}

function goldHistoryCards(m: RunMetricsResponse): MetricCard[] {
  const g = m.goldHistory;
  const text = `${g.textTurns} text turns`;
  const tool = `${g.toolTurns} tool turns`;
  const all = `${g.textTurns + g.toolTurns} turns`;
  const card = (key: string, id: Exclude<keyof typeof g, "textTurns" | "toolTurns">, fraction: string): MetricCard => {
    const value = g[id];
    return { key, ...described(id), value: formatMetricValue(metricSpec(id), value), uncertainty: null, fraction };
  };
  return [
    card("rouge1", "rouge1F1", text),
    card("all-turn", "allTurnSuccess", all),
    card("text-turn", "textTurnSuccess", text),
    card("tool-turn", "toolTurnSuccess", tool),
    card("exact-call", "exactCallAccuracy", tool),
    card("argument-f1", "argumentF1", tool),
  ];
}

const PROXY_KEYS: readonly (keyof RunMetricsResponse["proxyState"])[] = [
  "goalCompletion",
  "userError",
  "agentError",
  "toolHallucination",
  "userHallucination",
  "policyViolation",
];

function proxyStateCards(m: RunMetricsResponse): MetricCard[] {
  return PROXY_KEYS.map((key) => {
    const rate = m.proxyState[key];
    return {
      key,
      ...described(key),
      value: formatPercent(rate.value),
      uncertainty: formatStandardError(rate.se),
      fraction: formatCount(rate.count, rate.n),
    };
  });
}

export function buildMetricCardGroups(metrics: RunMetricsResponse): MetricCardGroup[] {
  return [
    {
      key: "closed-loop",
      title: "Closed loop",
      description: "Whole-workflow outcomes of the run.",
      cards: closedLoopCards(metrics),
    },
    {
      key: "gold-history",
      title: "Gold history (next turn)",
      description: "Each turn scored against the gold conversation so far.",
      cards: goldHistoryCards(metrics),
    },
    {
      key: "proxy-state",
      title: "Proxy state (judge)",
      description: "Trajectory-level judge labels; SE by task-cluster bootstrap.",
      cards: proxyStateCards(metrics),
    },
    {
      key: "cost-effort",
      title: "Cost and effort",
      description: "Per trajectory: mean, with the run's total; n/a where the source records nothing.",
      cards: buildEffortCards(metrics.effort),
    },
  ];
}
