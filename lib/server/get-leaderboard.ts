import { readMetricsCaches } from "@/lib/db/leaderboard";
import { writeMetricsCache } from "@/lib/db/run-metrics-inputs";
import { computeRunMetricsResponse, METRICS_VERSION, type RunMetricsResponse } from "./get-run-metrics";
import { listRuns, type RunSummary } from "./list-runs";

/** Missing caches are computed a few at a time: each computation holds a pooled connection. */
const COMPUTE_CONCURRENCY = 4;

function isCurrentMetrics(cache: unknown): cache is RunMetricsResponse {
  return cache !== null && typeof cache === "object" && "metricsVersion" in cache && cache.metricsVersion === METRICS_VERSION;
}

export interface RunWithMetrics {
  run: RunSummary;
  suiteId: string;
  metrics: RunMetricsResponse;
}

/**
 * Metrics of many runs: every cache is read in one query and only the runs whose
 * cache is missing or of an older METRICS_VERSION are computed (and cached).
 */
export async function getManyRunMetrics(runIds: readonly string[]): Promise<Map<string, { suiteId: string; metrics: RunMetricsResponse }>> {
  const caches = await readMetricsCaches({ runIds });
  const result = new Map<string, { suiteId: string; metrics: RunMetricsResponse }>();
  const missing: { runId: string; suiteId: string }[] = [];
  for (const row of caches) {
    if (isCurrentMetrics(row.metrics)) result.set(row.runId, { suiteId: row.suiteId, metrics: row.metrics });
    else missing.push({ runId: row.runId, suiteId: row.suiteId });
  }
  for (let start = 0; start < missing.length; start += COMPUTE_CONCURRENCY) {
    await Promise.all(
      missing.slice(start, start + COMPUTE_CONCURRENCY).map(async ({ runId, suiteId }) => {
        const metrics = await computeRunMetricsResponse(runId);
        await writeMetricsCache({ runId, metrics });
        result.set(runId, { suiteId, metrics });
      }),
    );
  }
  return result;
}

/** Every run with its metrics, in the order of listRuns (newest first). */
export async function getLeaderboard(): Promise<RunWithMetrics[]> {
  const runs = await listRuns();
  const metrics = await getManyRunMetrics(runs.map((run) => run.id));
  return runs.flatMap((run) => {
    const entry = metrics.get(run.id);
    // A run deleted between the two queries simply drops out.
    return entry ? [{ run, suiteId: entry.suiteId, metrics: entry.metrics }] : [];
  });
}
