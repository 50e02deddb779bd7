/** What one trajectory cost and how much it did, as stored at ingest (null = the source did not record it). */
export interface TrajectoryEffort {
  costUsd: number | null;
  agentCostUsd: number | null;
  userCostUsd: number | null;
  durationMs: number | null;
  messageCount: number | null;
  toolCallCount: number;
  userToolCallCount: number;
}

export interface EffortFigure {
  /** Mean over the trajectories that record the figure; null when none does (never 0). */
  mean: number | null;
  /** Sum over the same trajectories; null when none does. */
  total: number | null;
  /** Trajectories that record it. */
  n: number;
}

export interface RunEffort {
  /** agent + user cost per trajectory (tau2's agent_cost + user_cost, or a bundle's costUsd). */
  costUsd: EffortFigure;
  agentCostUsd: EffortFigure;
  userCostUsd: EffortFigure;
  durationMs: EffortFigure;
  messages: EffortFigure;
  agentToolCalls: EffortFigure;
  /** Calls the simulated user made (tau2 telecom dual control); not the agent's actions. */
  userToolCalls: EffortFigure;
  trajectories: number;
}

function summarize(values: readonly (number | null)[]): EffortFigure {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length === 0) return { mean: null, total: null, n: 0 };
  const total = known.reduce((sum, value) => sum + value, 0);
  return { mean: total / known.length, total, n: known.length };
}

/**
 * Cost and effort per trajectory over every trajectory of a run, infrastructure failures included: their
 * cost was spent. Each figure has its own denominator, the trajectories that record it.
 */
export function computeEffort(trajectories: readonly TrajectoryEffort[]): RunEffort {
  return {
    costUsd: summarize(trajectories.map((t) => t.costUsd)),
    agentCostUsd: summarize(trajectories.map((t) => t.agentCostUsd)),
    userCostUsd: summarize(trajectories.map((t) => t.userCostUsd)),
    durationMs: summarize(trajectories.map((t) => t.durationMs)),
    messages: summarize(trajectories.map((t) => t.messageCount)),
    agentToolCalls: summarize(trajectories.map((t) => t.toolCallCount)),
    userToolCalls: summarize(trajectories.map((t) => t.userToolCallCount)),
    trajectories: trajectories.length,
  };
}
