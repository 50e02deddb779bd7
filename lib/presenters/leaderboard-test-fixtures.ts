import { computeRunMetrics } from "@/lib/metrics";
import type { RunMetricsResponse } from "@/lib/server/get-run-metrics";
import type { RunSummary } from "@/lib/server/list-runs";
import type { LeaderboardEntry, LeaderboardPageData } from "./leaderboard-rows";

/** Test helper: the metrics of an empty run (every rate undefined), with the given fields replaced. */
export function makeRunMetrics(patch: Partial<RunMetricsResponse> = {}): RunMetricsResponse {
  const empty = computeRunMetrics([], []);
  return { runId: "run", metricsVersion: 2, ...empty, stopReasons: {}, stopReasonDetails: [], stateCheck: null, ...patch };
}

export function makeRunSummary(patch: Partial<RunSummary> = {}): RunSummary {
  return {
    id: "run",
    name: "run",
    model: "qwen3-4b",
    family: "qwen3",
    size: "4B",
    variant: "base",
    pairingKey: "qwen3-4b",
    suite: "retail 1",
    sourceFormat: "loopscope-json",
    fileName: "bundle.json",
    uploadedAt: "2026-01-01T00:00:00.000Z",
    tasks: 2,
    trajectories: 4,
    minTrials: 2,
    maxTrials: 2,
    turnPredictions: 5,
    ...patch,
  };
}

export function makeEntry(run: Partial<RunSummary>, metrics: Partial<RunMetricsResponse> = {}, suiteId = "suite-a"): LeaderboardEntry {
  const summary = makeRunSummary(run);
  return { run: summary, suiteId, metrics: makeRunMetrics({ runId: summary.id, ...metrics }) };
}

/** A page as the server hands it over: the entries in order, with totals and facets. */
export function makePageData(entries: readonly LeaderboardEntry[], patch: Partial<LeaderboardPageData> = {}): LeaderboardPageData {
  return {
    entries,
    totals: { matching: entries.length, hidden: 0, hasGold: true, hasClosed: true, hasProxy: false },
    facets: { totalRuns: entries.length, maxPassK: 2, suites: [], families: [], variants: [] },
    page: 1,
    pageCount: 1,
    ...patch,
  };
}
