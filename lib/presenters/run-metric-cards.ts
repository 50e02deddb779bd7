import type { RunMetricsResponse } from "@/lib/server/get-run-metrics";
import { buildEffortCards } from "./run-effort-cards";
import { formatFraction, formatInterval, formatNumber, formatPercent, formatStandardError } from "./run-format";

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

function closedLoopCards(m: RunMetricsResponse): MetricCard[] {
  const cards: MetricCard[] = [
    {
      key: "success",
      label: "Success rate",
      value: formatPercent(m.successRate.value),
      uncertainty: [formatInterval(m.successRate.low, m.successRate.high), formatStandardError(m.successRate.se)].filter(Boolean).join(" · ") || null,
      fraction: formatFraction(m.successRate.successes, m.successRate.n),
      hint: "Successful trajectories among those with a known outcome (reward 1, or final state and reply checks passed after a finished stop).",
    },
    {
      key: "pass-hat-1",
      label: "pass^1",
      value: formatPercent(m.passHatK[1] ?? null),
      uncertainty: null,
      fraction: `${m.tasks} tasks`,
      hint: "Mean over tasks of the per-task success share.",
    },
    {
      key: "mean-reward",
      label: "Mean reward",
      value: formatNumber(m.meanReward),
      uncertainty: null,
      fraction: null,
      hint: "Mean external reward (tau-bench / tau2) over scored trajectories with a reward.",
    },
    {
      key: "workflow",
      label: "Tool workflow completion",
      value: formatPercent(m.toolWorkflowCompletion.rate),
      uncertainty: null,
      fraction: formatFraction(m.toolWorkflowCompletion.count, m.toolWorkflowCompletion.eligible),
      hint: "Stopped neither at the turn limit nor on an error, with every tool error resolved.",
    },
    {
      key: "holistic",
      label: "Holistic success",
      value: formatPercent(m.holisticSuccess.rate),
      uncertainty: null,
      fraction: formatFraction(m.holisticSuccess.count, m.holisticSuccess.eligible),
      hint: "Judge says the goal was completed, no policy violation, no unresolved tool error.",
    },
    {
      key: "recovery",
      label: "Recovery after tool errors",
      value: formatPercent(m.recovery.rate),
      uncertainty: null,
      fraction: formatFraction(m.recovery.recovered, m.recovery.errorTrajectories),
      hint: "Share of trajectories with a tool error that still succeeded.",
    },
    {
      key: "turn-limit",
      label: "Turn-limit stops",
      value: formatPercent(m.turnLimitRate.rate),
      uncertainty: null,
      fraction: formatFraction(m.turnLimitRate.count, m.turnLimitRate.n),
      hint: "Trajectories stopped by turn_limit, max_turns or max_steps.",
    },
  ];
  if (m.stateCheck) {
    cards.push({
      key: "state-check",
      label: "State + reply check",
      value: formatPercent(m.stateCheck.rate),
      uncertainty: null,
      fraction: formatFraction(m.stateCheck.count, m.stateCheck.eligible),
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
  return [
    { key: "rouge1", label: "ROUGE-1 F1", value: formatNumber(g.rouge1F1), uncertainty: null, fraction: text, hint: "Mean unigram F1 of text turns against the gold reply." },
    { key: "all-turn", label: "Judge turn success", value: formatPercent(g.allTurnSuccess), uncertainty: null, fraction: all, hint: "Turns the judge marked successful, given the gold history." },
    { key: "text-turn", label: "Text turn success", value: formatPercent(g.textTurnSuccess), uncertainty: null, fraction: text, hint: "Judge success on text turns." },
    { key: "tool-turn", label: "Tool turn success", value: formatPercent(g.toolTurnSuccess), uncertainty: null, fraction: tool, hint: "Judge success on tool turns." },
    { key: "exact-call", label: "Exact call accuracy", value: formatPercent(g.exactCallAccuracy), uncertainty: null, fraction: tool, hint: "Same tool name and same normalized arguments as the gold call." },
    { key: "argument-f1", label: "Argument F1", value: formatNumber(g.argumentF1), uncertainty: null, fraction: tool, hint: "F1 over top-level argument pairs." },
  ];
}

const PROXY_LABELS: { key: keyof RunMetricsResponse["proxyState"]; label: string; hint: string }[] = [
  { key: "goalCompletion", label: "Goal completion (GC)", hint: "Judge: the user's goal was completed." },
  { key: "userError", label: "User error rate", hint: "Judge attributes the failure to the simulated user." },
  { key: "agentError", label: "Agent error rate", hint: "Judge attributes the failure to the agent." },
  { key: "toolHallucination", label: "Tool hallucination", hint: "Judge: the agent invented tool results or calls." },
  { key: "userHallucination", label: "User hallucination", hint: "Judge: the simulated user invented facts." },
  { key: "policyViolation", label: "Policy violation", hint: "Judge: the agent broke the domain policy." },
];

function proxyStateCards(m: RunMetricsResponse): MetricCard[] {
  return PROXY_LABELS.map(({ key, label, hint }) => {
    const rate = m.proxyState[key];
    return { key, label, value: formatPercent(rate.value), uncertainty: formatStandardError(rate.se), fraction: formatFraction(rate.count, rate.n), hint };
  });
}

export function buildMetricCardGroups(metrics: RunMetricsResponse): MetricCardGroup[] {
  return [
    { key: "closed-loop", title: "Closed loop", description: "Whole-workflow outcomes of the run.", cards: closedLoopCards(metrics) },
    { key: "gold-history", title: "Gold history (next turn)", description: "Each turn scored against the gold conversation so far.", cards: goldHistoryCards(metrics) },
    { key: "proxy-state", title: "Proxy state (judge)", description: "Trajectory-level judge labels; SE by task-cluster bootstrap.", cards: proxyStateCards(metrics) },
    { key: "cost-effort", title: "Cost and effort", description: "Per trajectory: mean, with the run's total; n/a where the source records nothing.", cards: buildEffortCards(metrics.effort) },
  ];
}
