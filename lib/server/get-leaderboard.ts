import { db, readDbAt } from "@/lib/db/client";
import { formatTag } from "@/lib/bundles/schema/run-tags";
import { readMetricsCaches } from "@/lib/db/leaderboard";
import {
  isLeaderboardSortColumn,
  readLeaderboardFacets,
  readLeaderboardSlice,
  type LeaderboardFacets,
  type LeaderboardPageRow,
  type LeaderboardPageTotals,
} from "@/lib/db/leaderboard-summaries";
import { writeMetricsCache } from "@/lib/db/run-metrics-inputs";
import { buildMetricDefinitions } from "@/lib/presenters/leaderboard-metrics";
import type { LeaderboardEntry } from "@/lib/presenters/leaderboard-rows";
import type { LeaderboardQuery } from "@/lib/presenters/leaderboard-query";
import { computeRunMetricsResponse, METRICS_VERSION, type RunMetricsResponse } from "./get-run-metrics";
import { ensureFreshRuns, type RunSummary } from "./list-runs";

/** Missing caches are computed a few at a time: each computation holds a pooled connection. */
const COMPUTE_CONCURRENCY = 4;

function isCurrentMetrics(cache: unknown): cache is RunMetricsResponse {
  return (
    cache !== null && typeof cache === "object" && "metricsVersion" in cache && cache.metricsVersion === METRICS_VERSION
  );
}

/**
 * Metrics of many runs: every cache is read in one query and only the runs whose
 * cache is missing or of an older METRICS_VERSION are computed (and cached).
 */
export async function getManyRunMetrics(
  runIds: readonly string[],
): Promise<Map<string, { suiteId: string; metrics: RunMetricsResponse }>> {
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

/** A page row as a leaderboard entry, under the identity stored on its lean row (built over all runs). */
function toEntry(row: LeaderboardPageRow): LeaderboardEntry | null {
  // Stored by ensureStoredIdentities from a RunSummary.
  const run = row.identity as RunSummary | null;
  return run ? { run, suiteId: row.suiteId, metrics: row.metrics } : null;
}

export interface LeaderboardPage {
  entries: LeaderboardEntry[];
  totals: LeaderboardPageTotals;
  facets: Omit<LeaderboardFacets, "tagPairs"> & { tags: string[] };
  page: number;
  pageCount: number;
  /** The sort actually applied (an unknown column falls back to success rate). */
  sort: string;
  /** Runs left out until their lean rows (metrics of the current version) are filled in the background. */
  pendingSummaries: number;
}

/** The facets of the last identity generation read (per process). */
let facetsMemo: { generation: number; facets: Promise<LeaderboardFacets> } | null = null;

/**
 * Filter choices and pass^k columns change only with what bumps the identity generation (runs added, edited
 * or deleted, lean rows added or their counts changed), so they are read once per generation, from the primary
 * (a replica could still lag behind the counter), instead of five queries over every run per request.
 */
function readFacetsOf(generation: number): Promise<LeaderboardFacets> {
  if (facetsMemo?.generation !== generation) {
    const facets = readLeaderboardFacets(METRICS_VERSION, db());
    facetsMemo = { generation, facets };
    // A failed read is not remembered.
    facets.catch(() => {
      if (facetsMemo?.facets === facets) facetsMemo = null;
    });
  }
  return facetsMemo.facets;
}

/** One page of the leaderboard, filtered, sorted and paged in PostgreSQL over the lean rows. */
export async function getLeaderboardPage(query: LeaderboardQuery): Promise<LeaderboardPage> {
  // Missing lean rows are filled first; names are rebuilt over all runs only when a run was added, edited or deleted.
  const { written, rebuilt, generation, pendingSummaries } = await ensureFreshRuns();
  // The page is read from a read replica (DATABASE_REPLICA_URLS) that has replayed this generation, unless this
  // request has just written rows it must see.
  const reader = written > 0 || rebuilt !== null ? db() : await readDbAt(generation);
  const { tagPairs, ...facets } = await readFacetsOf(generation);
  const metricIds = new Set(buildMetricDefinitions(facets.maxPassK).map((d) => d.id));
  const sortId = isLeaderboardSortColumn(query.sort) || metricIds.has(query.sort) ? query.sort : "success";
  const sort = isLeaderboardSortColumn(sortId) ? { column: sortId } : { metric: sortId };
  const filter = {
    metricsVersion: METRICS_VERSION,
    suiteId: query.suite,
    family: query.family,
    variant: query.variant,
    tag: query.tag,
    q: query.q,
    minTasks: query.minTasks,
    sort,
    dir: query.dir,
  };
  const readSlice = (page: number) =>
    readLeaderboardSlice({ ...filter, offset: (page - 1) * query.size, limit: query.size }, reader);
  // The totals come with the requested page; only a page past the end is read again as the last one.
  const requested = await readSlice(query.page);
  const { totals } = requested;
  const pageCount = Math.max(1, Math.ceil(totals.matching / query.size));
  const page = Math.min(query.page, pageCount);
  const { rows } = page === query.page ? requested : await readSlice(page);
  const entries = rows.flatMap((row) => toEntry(row) ?? []);
  // While lean rows are filled in the background the count grows between reads: the total is read again after the
  // page, so it is never below what the page matched.
  const totalRuns =
    pendingSummaries > 0 ? (await readLeaderboardFacets(METRICS_VERSION, db())).totalRuns : facets.totalRuns;
  return {
    entries,
    totals,
    facets: {
      ...facets,
      totalRuns,
      suites: [...facets.suites].sort((a, b) => a.label.localeCompare(b.label)),
      tags: [...new Set(tagPairs.map((tag) => formatTag(tag.key, tag.value)))].sort(),
    },
    page,
    pageCount,
    sort: sortId,
    pendingSummaries,
  };
}
