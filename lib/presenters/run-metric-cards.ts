import type { RunMetricsResponse } from "@/lib/contracts/run-metrics";
import { metricSpec, type MetricDataSource } from "@/lib/metrics/registry";
import {
  formatCount,
  formatInterval,
  formatMetricValue,
  formatPercent,
  formatStandardError,
} from "@/lib/presenters/format";
import { buildEffortCards } from "./run-effort-cards";
import { describeMissingFamily, type MissingFamily } from "./missing-data";

export interface MetricCard {
  key: string;
  label: string;
  value: string;
  /** Uncertainty: interval or standard error, when defined. */
  uncertainty: string | null;
  /** Count over denominator, e.g. "12/30", or the denominator's description. */
  fraction: string | null;
  hint: string;
  /** A sentence shown under the card, where its figure would otherwise read as contradicting another. */
  note?: string;
}

export interface MetricCardGroup {
  key: "closed-loop" | "gold-history" | "proxy-state" | "cost-effort";
  title: string;
  description: string;
  cards: MetricCard[];
  /** Set when the run's data cannot fill this family: one line instead of its cards (then empty). */
  missing?: MissingFamily;
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

/**
 * Tool-workflow completion above success reads as a contradiction ("100% (20/20)" beside "65%"): it only asks that
 * every expected tool call was made, success also asks the final state and reply to be right.
 */
function workflowNote(m: RunMetricsResponse): { note?: string } {
  const workflow = m.toolWorkflowCompletion.rate;
  const success = m.successRate.value;
  if (workflow === null || success === null || workflow <= success) return {};
  return {
    note: `Higher than success (${formatPercent(success)}): it counts trajectories that made every expected tool call, while success also needs the final state and reply to be right.`,
  };
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
      ...workflowNote(m),
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

/** A family without its data collapses to one line saying what would fill it. */
function withMissing(group: MetricCardGroup, source: MetricDataSource | null): MetricCardGroup {
  return source === null ? group : { ...group, cards: [], missing: describeMissingFamily(source, group.title) };
}

export function buildMetricCardGroups(metrics: RunMetricsResponse): MetricCardGroup[] {
  return [
    {
      key: "closed-loop",
      title: "Closed loop",
      description: "Whole-workflow outcomes of the run.",
      cards: closedLoopCards(metrics),
    },
    withMissing(
      {
        key: "gold-history",
        title: "Gold history (next turn)",
        description: "Each turn scored against the gold conversation so far.",
        cards: goldHistoryCards(metrics),
      },
      metrics.goldHistory.textTurns + metrics.goldHistory.toolTurns === 0 ? "turnPredictions" : null,
    ),
    withMissing(
      {
        key: "proxy-state",
        title: "Proxy state (judge)",
        description: "Trajectory-level judge labels; SE by task-cluster bootstrap.",
        cards: proxyStateCards(metrics),
      },
      PROXY_KEYS.every((key) => metrics.proxyState[key].n === 0) ? "judgeLabels" : null,
    ),
    {
      key: "cost-effort",
      title: "Cost and effort",
      description: "Per trajectory: mean, with the run's total; n/a where the source records nothing.",
      cards: buildEffortCards(metrics.effort),
    },
  ];
}
