import type { EffortFigure, RunEffort } from "@/lib/contracts/run-metric-results";
export type { EffortFigure, RunEffort } from "@/lib/contracts/run-metric-results";

/** What one trajectory cost and how much it did, as stored at ingest (null = the source did not record it). */
export interface TrajectoryEffort {
  costUsd: number | null;
  agentCostUsd: number | null;
  userCostUsd: number | null;
  durationMs: number | null;
  messageCount: number | null;
  toolCallCount: number;
  userToolCallCount: number;
  /** Prompt + completion tokens of the trajectory (whole or summed over its messages); null when none recorded. */
  tokens: number | null;
  /** The part of those tokens on the agent's messages, and on the simulated user's; null when not recorded per message. */
  agentTokens: number | null;
  userTokens: number | null;
}

function summarize(values: readonly (number | null)[]): EffortFigure {
  const known = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (known.length === 0) return { mean: null, total: null, n: 0 };
  const total = known.reduce((sum, value) => sum + value, 0);
  return { mean: total / known.length, total, n: known.length };
}

function sumKnown(values: readonly (number | null)[]): number {
  return values.reduce<number>((sum, value) => sum + (value !== null && Number.isFinite(value) ? value : 0), 0);
}

export const ZERO_COST_WITH_TOKENS = "every recorded cost is $0 while tokens were used: the price was unknown";

/**
 * A cost figure whose every recorded value is 0 while the same side (agent, user, or the whole trajectory) used
 * tokens is unknown, not free: tau2 writes agent_cost 0.0 when LiteLLM has no price for the model (a fine-tune).
 */
function costFigure(values: readonly (number | null)[], tokensUsed: number): EffortFigure {
  const figure = summarize(values);
  if (figure.n > 0 && figure.total === 0 && tokensUsed > 0)
    return { mean: null, total: null, n: 0, unknownReason: ZERO_COST_WITH_TOKENS };
  return figure;
}

const PART_UNKNOWN = "a part of it (agent or user-simulator cost) is unknown";

const unknownCost = (reason: string): EffortFigure => ({ mean: null, total: null, n: 0, unknownReason: reason });

/** True when at least one figure records a value and every recorded value is 0. */
function isAllZero(figures: readonly EffortFigure[]): boolean {
  const recorded = figures.filter((figure) => figure.n > 0);
  return recorded.length > 0 && recorded.every((figure) => figure.total === 0);
}

/**
 * The three cost figures. A side whose recorded cost is $0 throughout while it used tokens is unknown (costFigure);
 * agent + user is then unknown too, since the known part alone would understate it. And a run whose every recorded
 * cost is 0 while it used tokens has no known cost at all: in tau2 files where only the user simulator's messages
 * carry usage, the agent's none, a recorded agent_cost of 0.0 is no more a price than the user's.
 */
function costFigures(trajectories: readonly TrajectoryEffort[]) {
  const agentCostUsd = costFigure(
    trajectories.map((t) => t.agentCostUsd),
    sumKnown(trajectories.map((t) => t.agentTokens)),
  );
  const userCostUsd = costFigure(
    trajectories.map((t) => t.userCostUsd),
    sumKnown(trajectories.map((t) => t.userTokens)),
  );
  const runTokens = sumKnown(trajectories.map((t) => t.tokens));
  const wholeCost = costFigure(
    trajectories.map((t) => t.costUsd),
    runTokens,
  );
  if (runTokens > 0 && isAllZero([wholeCost, agentCostUsd, userCostUsd])) {
    const unknownIfRecorded = (figure: EffortFigure) => (figure.n > 0 ? unknownCost(ZERO_COST_WITH_TOKENS) : figure);
    return {
      costUsd: unknownIfRecorded(wholeCost),
      agentCostUsd: unknownIfRecorded(agentCostUsd),
      userCostUsd: unknownIfRecorded(userCostUsd),
    };
  }
  const partUnknown = agentCostUsd.unknownReason !== undefined || userCostUsd.unknownReason !== undefined;
  const costUsd = partUnknown && wholeCost.n > 0 ? unknownCost(PART_UNKNOWN) : wholeCost;
  return { costUsd, agentCostUsd, userCostUsd };
}

/**
 * Cost and effort per trajectory over every trajectory of a run, infrastructure failures included: their
 * cost was spent. Each figure has its own denominator, the trajectories that record it. A cost recorded as $0
 * while tokens were used is unknown, not free (costFigures).
 */
export function computeEffort(trajectories: readonly TrajectoryEffort[]): RunEffort {
  return {
    ...costFigures(trajectories),
    durationMs: summarize(trajectories.map((t) => t.durationMs)),
    messages: summarize(trajectories.map((t) => t.messageCount)),
    agentToolCalls: summarize(trajectories.map((t) => t.toolCallCount)),
    userToolCalls: summarize(trajectories.map((t) => t.userToolCallCount)),
    trajectories: trajectories.length,
  };
}
