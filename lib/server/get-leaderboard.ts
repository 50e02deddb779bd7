import { readMetricsCaches } from "@/lib/db/leaderboard";
import {
  isLeaderboardSortColumn,
  listRunsNeedingSummary,
  readLeaderboardFacets,
  readLeaderboardPage,
  readLeaderboardTotals,
  upsertLeaderboardSummary,
  type LeaderboardFacets,
  type LeaderboardPageRow,
  type LeaderboardPageTotals,
} from "@/lib/db/leaderboard-summaries";
import { countRunRecords } from "@/lib/db/runs";
import { writeMetricsCache } from "@/lib/db/run-metrics-inputs";
import { buildLeaderboardSummary } from "@/lib/presenters/leaderboard-summary";
import { buildMetricDefinitions } from "@/lib/presenters/leaderboard-metrics";
import type { LeaderboardEntry } from "@/lib/presenters/leaderboard-rows";
import type { LeaderboardQuery } from "@/lib/presenters/leaderboard-query";
import { computeRunMetricsResponse, getRunMetrics, METRICS_VERSION, type RunMetricsResponse } from "./get-run-metrics";

/** Missing caches are computed a few at a time: each computation holds a pooled connection. */
const COMPUTE_CONCURRENCY = 4;

function isCurrentMetrics(cache: unknown): cache is RunMetricsResponse {
  return cache !== null && typeof cache === "object" && "metricsVersion" in cache && cache.metricsVersion === METRICS_VERSION;
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

/** Writes the lean leaderboard row of one run from its (cached or freshly computed) metrics. */
export async function refreshLeaderboardSummary({ runId, modelSize }: { runId: string; modelSize: string | null }): Promise<void> {
  const metrics = await getRunMetrics(runId);
  const counts = (await countRunRecords([runId])).get(runId);
  if (!counts) return;
  await upsertLeaderboardSummary(buildLeaderboardSummary({ metrics, counts, modelSize }));
}

/**
 * Fills the lean rows of runs that have none of the current METRICS_VERSION. Ingest fills
 * them as it warms the metrics; this catches runs stored before that, or after a version bump.
 */
export async function ensureLeaderboardSummaries(): Promise<void> {
  const pending = await listRunsNeedingSummary({ metricsVersion: METRICS_VERSION });
  for (let start = 0; start < pending.length; start += COMPUTE_CONCURRENCY) {
    await Promise.all(
      pending.slice(start, start + COMPUTE_CONCURRENCY).map((run) =>
        // A run deleted meanwhile fails here and simply has no row.
        refreshLeaderboardSummary(run).catch((error: unknown) => console.error(`could not summarise run ${run.runId}`, error)),
      ),
    );
  }
}

/** The one place the leaderboard chooses the text a run is shown under. */
function chooseRunName(row: LeaderboardPageRow): string {
  return row.name;
}

function toEntry(row: LeaderboardPageRow): LeaderboardEntry {
  return {
    run: {
      id: row.id,
      name: chooseRunName(row),
      model: row.model,
      family: row.family,
      size: row.size,
      variant: row.variant,
      pairingKey: row.pairingKey,
      suite: row.suiteVersion ? `${row.suiteName} ${row.suiteVersion}` : row.suiteName,
      sourceFormat: row.sourceFormat,
      fileName: row.fileName,
      uploadedAt: row.uploadedAt.toISOString(),
      tasks: row.tasks,
      trajectories: row.trajectories,
      minTrials: row.minTrials,
      maxTrials: row.maxTrials,
      turnPredictions: row.turnPredictions,
    },
    suiteId: row.suiteId,
    metrics: row.metrics,
  };
}

export interface LeaderboardPage {
  entries: LeaderboardEntry[];
  totals: LeaderboardPageTotals;
  facets: LeaderboardFacets;
  page: number;
  pageCount: number;
  /** The sort actually applied (an unknown column falls back to success rate). */
  sort: string;
}

/** One page of the leaderboard, filtered, sorted and paged in PostgreSQL over the lean rows. */
export async function getLeaderboardPage(query: LeaderboardQuery): Promise<LeaderboardPage> {
  await ensureLeaderboardSummaries();
  const facets = await readLeaderboardFacets();
  const metricIds = new Set(buildMetricDefinitions(facets.maxPassK).map((d) => d.id));
  const sortId = isLeaderboardSortColumn(query.sort) || metricIds.has(query.sort) ? query.sort : "success";
  const sort = isLeaderboardSortColumn(sortId) ? { column: sortId } : { metric: sortId };
  const filter = { suiteId: query.suite, family: query.family, variant: query.variant, q: query.q, minTasks: query.minTasks, sort, dir: query.dir };
  const totals = await readLeaderboardTotals({ ...filter, offset: 0, limit: 0 });
  const pageCount = Math.max(1, Math.ceil(totals.matching / query.size));
  const page = Math.min(query.page, pageCount);
  const rows = await readLeaderboardPage({ ...filter, offset: (page - 1) * query.size, limit: query.size });
  return { entries: rows.map(toEntry), totals, facets, page, pageCount, sort: sortId };
}
