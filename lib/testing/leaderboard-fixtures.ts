import { computeEffort, computeRunMetrics } from "@/lib/metrics";
import type { RunMetricsResponse } from "@/lib/contracts/run-metrics";
import type { RunSummary } from "@/lib/contracts/run-summary";
import type { LeaderboardEntry, LeaderboardPageData } from "@/lib/presenters/leaderboard-rows";

/** Test helper: the metrics of an empty run (every rate undefined), with the given fields replaced. */
export function makeRunMetrics(patch: Partial<RunMetricsResponse> = {}): RunMetricsResponse {
  const empty = computeRunMetrics([], []);
  return {
    runId: "run",
    metricsVersion: 4,
    ...empty,
    stopReasons: {},
    stopReasonDetails: [],
    stateCheck: null,
    effort: computeEffort([]),
    ...patch,
  };
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
    suiteId: "suite-a",
    suite: "retail 1",
    coverage: null,
    setting: { key: "", label: "" },
    tags: {},
    metadata: null,
    pairedRunIds: [],
    alternativeBaseRunIds: [],
    sourceFormat: "loopscope-json",
    fileName: "bundle.json",
    uploadedAt: "2026-01-01T00:00:00.000Z",
    tasks: 2,
    trajectories: 4,
    minTrials: 2,
    maxTrials: 2,
    turnPredictions: 5,
    submission: null,
    ...patch,
    displayName: patch.displayName ?? patch.name ?? "run",
  };
}

export function makeEntry(
  run: Partial<RunSummary>,
  metrics: Partial<RunMetricsResponse> = {},
  suiteId = "suite-a",
): LeaderboardEntry {
  const summary = makeRunSummary(run);
  return { run: summary, suiteId, metrics: makeRunMetrics({ runId: summary.id, ...metrics }) };
}

/** A page as the server hands it over: the entries in order, with totals and facets. */
export function makePageData(
  entries: readonly LeaderboardEntry[],
  patch: Partial<LeaderboardPageData> = {},
): LeaderboardPageData {
  return {
    entries,
    totals: { matching: entries.length, hidden: 0, hasGold: true, hasClosed: true, hasProxy: false },
    facets: { totalRuns: entries.length, maxPassK: 2, suites: [], families: [], variants: [], tags: [] },
    page: 1,
    pageCount: 1,
    ...patch,
  };
}
