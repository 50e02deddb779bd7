import type { RunMetricsResponse } from "./run-metrics";

// The lean leaderboard row, shared by lib/presenters (which builds it) and lib/db (which stores and pages it).

/** The run-level metrics a leaderboard cell reads; the lean summary row stores exactly these. */
export type LeaderboardMetrics = Pick<
  RunMetricsResponse,
  | "successRate"
  | "passHatK"
  | "goldHistory"
  | "toolWorkflowCompletion"
  | "holisticSuccess"
  | "recovery"
  | "turnLimitRate"
  | "proxyState"
>;

/** Counts of a run's stored records, as the leaderboard shows them. */
export interface RunRecordCounts {
  tasks: number;
  trajectories: number;
  minTrials: number;
  maxTrials: number;
  turnPredictions: number;
}

/** The lean per-run row the leaderboard pages, sorts and filters on in SQL (the LeaderboardSummary table). */
export interface LeaderboardSummaryRow extends RunRecordCounts {
  runId: string;
  metricsVersion: number;
  modelSize: number | null;
  maxPassK: number;
  hasGold: boolean;
  hasClosed: boolean;
  hasProxy: boolean;
  sortValues: Record<string, number | null>;
  metrics: LeaderboardMetrics;
}
