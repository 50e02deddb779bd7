/** Inputs fed by the ingest/DB layer. Names are a contract with lib/db: change both sides together. */

import type { StoredEvent } from "@/lib/contracts/event";

// The rates every metric returns are part of the run-metrics contract.
export type { CountRate, WilsonRate } from "@/lib/contracts/run-metric-results";

/** The fields of a stored event the trajectory scores read (lib/contracts/event.ts). */
export type MetricEvent = Pick<
  StoredEvent,
  "seq" | "turnIndex" | "kind" | "actor" | "toolName" | "callId" | "isError" | "text"
>;

export interface TrajectoryJudgeLabels {
  goalCompleted: boolean | null;
  errorSource: "user" | "agent" | "none" | null;
  toolHallucination: boolean | null;
  userHallucination: boolean | null;
  policyViolation: boolean | null;
  failureCategory: string | null;
}

export interface TrajectoryOutcome {
  trajectoryId: string;
  taskId: string;
  trial: number;
  stopReason: string | null;
  stopReasonInferred: boolean;
  /** External reward (tau2 / tau-bench) when given. */
  reward: number | null;
  /** The source counts a missing reward as a failure (tau2; see scoring-rules.ts). Absent = false. */
  missingRewardIsFailure?: boolean;
  /** Final state == expected final state (null if the task has no expected state). */
  stateMatch: boolean | null;
  /** All required reply strings found (null if none required). */
  replyCheck: boolean | null;
  requiresTools: boolean;
  toolErrorCount: number;
  unresolvedToolErrorCount: number;
  /** Number of user turns (for turn-depth strata). */
  userTurns: number;
  eventCount: number;
  /** Relative position in [0,1) of the first error event, null if none. See scoreTrajectoryEvents. */
  firstErrorPosition: number | null;
  persona: string | null;
  tags: string[];
  judge: TrajectoryJudgeLabels;
}

export interface TurnScore {
  kind: "text" | "tool";
  rouge1F1: number | null;
  judgeSuccess: boolean | null;
  exactMatch: boolean | null;
  argumentF1: number | null;
}

export interface ToolCallAction {
  name: string;
  arguments: Record<string, unknown>;
}

export interface BootstrapOptions {
  /** Number of bootstrap resamples; default 1000. */
  resamples?: number;
  /** PRNG seed; default 1. */
  seed?: number;
}
