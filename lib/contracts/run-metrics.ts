import type { RunEffort, RunMetrics } from "./run-metric-results";

/** What `GET /api/runs/{id}/metrics` returns and what presenters build run cards, rows and tables from. */
export interface RunMetricsResponse extends Omit<RunMetrics, "stopReasons"> {
  runId: string;
  metricsVersion: number;
  /** reason -> count, as the API promises; the detail list keeps inferred counts. */
  stopReasons: Record<string, number>;
  stopReasonDetails: RunMetrics["stopReasons"];
  /** The state/reply check shown beside an external reward when both exist (null when either is missing). */
  stateCheck: { count: number; eligible: number; rate: number | null } | null;
  /** Cost and effort per trajectory (metrics version 2). */
  effort: RunEffort;
}
