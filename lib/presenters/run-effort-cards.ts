import type { EffortFigure, RunEffort } from "@/lib/metrics/compute-effort";

/** Same shape as run-metric-cards' MetricCard (kept structural so the two files do not import each other). */
interface EffortCard {
  key: string;
  label: string;
  value: string;
  uncertainty: string | null;
  fraction: string | null;
  hint: string;
}

function usd(value: number | null): string {
  if (value === null) return "n/a";
  // Per-trajectory costs are often fractions of a cent: keep four significant digits below a dollar.
  return value < 1 ? `$${value.toPrecision(4).replace(/\.?0+$/, "")}` : `$${value.toFixed(2)}`;
}

function seconds(ms: number | null): string {
  return ms === null ? "n/a" : `${(ms / 1000).toFixed(1)} s`;
}

function count(value: number | null): string {
  return value === null ? "n/a" : value.toFixed(2);
}

function recorded(figure: EffortFigure, trajectories: number): string {
  return `${figure.n}/${trajectories} trajectories`;
}

/** Cost and effort per trajectory: mean as the value, total beside it; "n/a" where the source records nothing. */
export function buildEffortCards(effort: RunEffort): EffortCard[] {
  const t = effort.trajectories;
  const costCard = (key: string, label: string, figure: EffortFigure, hint: string): EffortCard => ({
    key,
    label,
    value: usd(figure.mean),
    uncertainty: figure.total === null ? null : `total ${usd(figure.total)}`,
    // A cost recorded as $0 beside tokens used is unknown, not free: say so where the figure stands.
    fraction: figure.unknownReason === undefined ? recorded(figure, t) : `unknown: ${figure.unknownReason}`,
    hint,
  });
  return [
    costCard(
      "cost",
      "Cost per trajectory",
      effort.costUsd,
      "Agent plus user-simulator cost (tau2 agent_cost + user_cost), mean per trajectory.",
    ),
    costCard(
      "agent-cost",
      "Agent cost",
      effort.agentCostUsd,
      "What the agent model cost per trajectory (tau2 agent_cost).",
    ),
    costCard(
      "user-cost",
      "User simulator cost",
      effort.userCostUsd,
      "What the simulated user cost per trajectory (tau2 user_cost).",
    ),
    {
      key: "duration",
      label: "Duration",
      value: seconds(effort.durationMs.mean),
      uncertainty: effort.durationMs.total === null ? null : `total ${seconds(effort.durationMs.total)}`,
      fraction: recorded(effort.durationMs, t),
      hint: "Wall-clock time of a trajectory as the source recorded it.",
    },
    {
      key: "messages",
      label: "Messages",
      value: count(effort.messages.mean),
      uncertainty: null,
      fraction: recorded(effort.messages, t),
      hint: "Messages per trajectory (text and tool calls of one generation are one message).",
    },
    {
      key: "agent-tool-calls",
      label: "Agent tool calls",
      value: count(effort.agentToolCalls.mean),
      uncertainty: null,
      fraction: recorded(effort.agentToolCalls, t),
      hint: "Tool calls the agent made per trajectory.",
    },
    {
      key: "user-tool-calls",
      label: "User tool calls",
      value: count(effort.userToolCalls.mean),
      uncertainty: null,
      fraction: recorded(effort.userToolCalls, t),
      hint: "Tool calls the simulated user made per trajectory (tau2 dual control); not the agent's actions.",
    },
  ];
}
