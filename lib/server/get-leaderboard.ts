import { formatTag } from "@/lib/bundles/schema/run-tags";
import { readMetricsCaches } from "@/lib/db/leaderboard";
import {
  isLeaderboardSortColumn,
  readLeaderboardFacets,
  readLeaderboardPage,
  readLeaderboardTotals,
  type LeaderboardFacets,
  type LeaderboardPageRow,
  type LeaderboardPageTotals,
} from "@/lib/db/leaderboard-summaries";
import { writeMetricsCache } from "@/lib/db/run-metrics-inputs";
import { buildMetricDefinitions } from "@/lib/presenters/leaderboard-metrics";
import type { LeaderboardEntry } from "@/lib/presenters/leaderboard-rows";
import type { LeaderboardQuery } from "@/lib/presenters/leaderboard-query";
import { computeRunMetricsResponse, METRICS_VERSION, type RunMetricsResponse } from "./get-run-metrics";
import { leaderboardReader } from "./leaderboard-summaries";
import { listRuns, type RunSummary } from "./list-runs";

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

/** A page row as a leaderboard entry, under the run's display name and identity (built over all runs by listRuns). */
function toEntry(row: LeaderboardPageRow, summaries: ReadonlyMap<string, RunSummary>): LeaderboardEntry | null {
  const run = summaries.get(row.id);
  return run ? { run, suiteId: row.suiteId, metrics: row.metrics } : null;
}

/** Suite choices under their task-set labels (never two alike) and every tag, from all runs. */
function identityFacets(runs: readonly RunSummary[]): { suites: { value: string; label: string }[]; tags: string[] } {
  const suites = new Map(runs.map((run) => [run.suiteId, run.suite]));
  const tags = new Set(runs.flatMap((run) => Object.entries(run.tags).map(([key, value]) => formatTag(key, value))));
  return {
    suites: [...suites].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label)),
    tags: [...tags].sort(),
  };
}

export interface LeaderboardPage {
  entries: LeaderboardEntry[];
  totals: LeaderboardPageTotals;
  facets: LeaderboardFacets & { tags: string[] };
  page: number;
  pageCount: number;
  /** The sort actually applied (an unknown column falls back to success rate). */
  sort: string;
}

/** One page of the leaderboard, filtered, sorted and paged in PostgreSQL over the lean rows. */
export async function getLeaderboardPage(query: LeaderboardQuery): Promise<LeaderboardPage> {
  // Missing lean rows are filled first (on the primary); the page is then read from a replica when one is configured.
  const reader = await leaderboardReader();
  // Every run is named over all runs, so names stay unique on any page.
  const summaries = new Map((await listRuns({}, reader)).map((run) => [run.id, run]));
  const facets = await readLeaderboardFacets(reader);
  const metricIds = new Set(buildMetricDefinitions(facets.maxPassK).map((d) => d.id));
  const sortId = isLeaderboardSortColumn(query.sort) || metricIds.has(query.sort) ? query.sort : "success";
  const sort = isLeaderboardSortColumn(sortId) ? { column: sortId } : { metric: sortId };
  const filter = {
    suiteId: query.suite,
    family: query.family,
    variant: query.variant,
    tag: query.tag,
    q: query.q,
    minTasks: query.minTasks,
    sort,
    dir: query.dir,
  };
  const totals = await readLeaderboardTotals({ ...filter, offset: 0, limit: 0 }, reader);
  const pageCount = Math.max(1, Math.ceil(totals.matching / query.size));
  const page = Math.min(query.page, pageCount);
  const rows = await readLeaderboardPage({ ...filter, offset: (page - 1) * query.size, limit: query.size }, reader);
  const entries = rows.flatMap((row) => toEntry(row, summaries) ?? []);
  return {
    entries,
    totals,
    facets: { ...facets, ...identityFacets([...summaries.values()]) },
    page,
    pageCount,
    sort: sortId,
  };
}
