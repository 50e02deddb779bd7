// What lib/metrics computes for a run, as every layer reads it (the API, lib/db's cached rows, the presenters).
// Types only, so lib/contracts depends on nothing of the app; lib/metrics fills them and re-exports them.

/** A count over a denominator; rate is null (not 0) when the denominator is 0. */
export interface CountRate {
  count: number;
  eligible: number;
  rate: number | null;
}

/** Proportion with a Wilson score interval; all of value/low/high null when n is 0. */
export interface WilsonRate {
  count: number;
  n: number;
  value: number | null;
  low: number | null;
  high: number | null;
}

export interface SuccessRate {
  /** Successes / trajectories with a known outcome (micro average over trajectories). */
  value: number | null;
  /** Task-cluster bootstrap SE; null with fewer than two tasks. */
  se: number | null;
  /** Task-clustered Wilson interval bounds (trials of one task count as one cluster; docs/metrics.md). */
  low: number | null;
  high: number | null;
  /** Effective sample size behind the interval: between the task count and n. */
  effectiveN: number | null;
  n: number;
  successes: number;
}

export interface GoldHistoryAggregate {
  /** Mean ROUGE-1 F1 over text turns with a score. */
  rouge1F1: number | null;
  /** Judge success over all turns with a judge label. */
  allTurnSuccess: number | null;
  textTurnSuccess: number | null;
  toolTurnSuccess: number | null;
  /** Share of tool turns with exactMatch true, over tool turns with a non-null exactMatch. */
  exactCallAccuracy: number | null;
  /** Mean argument F1 over tool turns with a non-null argumentF1. */
  argumentF1: number | null;
  textTurns: number;
  toolTurns: number;
}

export interface PositionBin {
  low: number;
  high: number;
  count: number;
}

export interface FailureRate {
  failures: number;
  n: number;
  rate: number | null;
}

export interface ErrorPropagation {
  /** 10 equal bins over [0, 1]; bin i holds positions in [i/10, (i+1)/10), the last bin also holds 1. */
  histogram: PositionBin[];
  /** Failure rate among trajectories with a first error and a known outcome. */
  withError: FailureRate;
  /** Failure rate among trajectories without any error and with a known outcome. */
  withoutError: FailureRate;
}

export interface BootstrappedRate {
  /** count / n; null when n is 0. */
  value: number | null;
  /** Task-cluster bootstrap standard error; null when n is 0 or fewer than two tasks are labelled. */
  se: number | null;
  /** Trajectories where the label is non-null. */
  n: number;
  count: number;
}

export interface ProxyStateRates {
  goalCompletion: BootstrappedRate;
  userError: BootstrappedRate;
  agentError: BootstrappedRate;
  toolHallucination: BootstrappedRate;
  userHallucination: BootstrappedRate;
  policyViolation: BootstrappedRate;
}

export interface Stratum {
  key: string;
  /** Non-infrastructure trajectories in the stratum. */
  trajectories: number;
  successRate: WilsonRate;
  goalCompletion: WilsonRate;
  toolWorkflowCompletion: WilsonRate;
  holisticSuccess: WilsonRate;
}

export interface Strata {
  turnDepth: Stratum[];
  persona: Stratum[];
  tag: Stratum[];
}

export interface RecoveryRate {
  errorTrajectories: number;
  recovered: number;
  rate: number | null;
}

export interface StopReasonCount {
  /** The recorded reason as given (trimmed); "unknown" when none. */
  reason: string;
  count: number;
  /** How many of these were inferred by the importer rather than recorded by the harness. */
  inferredCount: number;
}

export interface TurnLimitRate {
  count: number;
  n: number;
  rate: number | null;
}

export interface EffortFigure {
  /** Mean over the trajectories that record the figure; null when none does (never 0). */
  mean: number | null;
  /** Sum over the same trajectories; null when none does. */
  total: number | null;
  /** Trajectories that record it. */
  n: number;
  /** Set when recorded values were discarded as unknown (mean and total null, n 0): why, in words. */
  unknownReason?: string;
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

export interface RunMetrics {
  trajectories: number;
  tasks: number;
  trialsPerTask: { min: number | null; max: number | null };
  meanReward: number | null;
  successRate: SuccessRate;
  passHatK: Record<number, number | null>;
  passAtK: Record<number, number | null>;
  excluded: { infrastructure: number; unknownOutcome: number };
  stopReasons: StopReasonCount[];
  turnLimitRate: TurnLimitRate;
  recovery: RecoveryRate;
  toolWorkflowCompletion: CountRate;
  holisticSuccess: CountRate;
  goldHistory: GoldHistoryAggregate;
  proxyState: ProxyStateRates;
  strata: Strata;
  errorPropagation: ErrorPropagation;
}
