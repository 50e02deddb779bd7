import { countRunRecords } from "@/lib/db/runs";
import {
  listRunsNeedingSummary,
  upsertLeaderboardSummary,
  type RunNeedingSummary,
} from "@/lib/db/leaderboard-summaries";
import { buildLeaderboardSummary } from "@/lib/presenters/leaderboard-summary";
import { serverConfig } from "./config";
import { getRunMetrics, METRICS_VERSION, warmRunMetrics } from "./get-run-metrics";

/** Missing rows are computed a few at a time: each computation holds a pooled connection. */
const COMPUTE_CONCURRENCY = 4;

/** Writes the lean leaderboard row of one run from its (cached or freshly computed) metrics. */
export async function refreshLeaderboardSummary({
  runId,
  modelSize,
}: {
  runId: string;
  modelSize: string | null;
}): Promise<void> {
  const metrics = await getRunMetrics(runId);
  const counts = (await countRunRecords([runId])).get(runId);
  if (!counts) return;
  await upsertLeaderboardSummary(buildLeaderboardSummary({ metrics, counts, modelSize }));
}

/**
 * Fills the lean rows of runs that have none of the current METRICS_VERSION. Ingest fills
 * them as it warms the metrics; this catches runs stored before that, or after a version bump.
 */
export async function ensureLeaderboardSummaries(): Promise<number> {
  return fillSummaries(await listRunsNeedingSummary({ metricsVersion: METRICS_VERSION }));
}

async function fillSummaries(pending: readonly RunNeedingSummary[]): Promise<number> {
  for (let start = 0; start < pending.length; start += COMPUTE_CONCURRENCY) {
    await Promise.all(
      pending.slice(start, start + COMPUTE_CONCURRENCY).map((run) =>
        // A run deleted meanwhile fails here and simply has no row.
        refreshLeaderboardSummary(run).catch((error: unknown) =>
          console.error(`could not summarise run ${run.runId}`, error),
        ),
      ),
    );
  }
  return pending.length;
}

/** The fill running in the background in this process, if any: one at a time, however many requests find rows missing. */
let backgroundFill: Promise<number> | null = null;

/** Fills missing lean rows in the background (joining the fill already running); resolves with the rows written. */
export function fillLeaderboardSummariesInBackground(): Promise<number> {
  backgroundFill ??= ensureLeaderboardSummaries().finally(() => {
    backgroundFill = null;
  });
  return backgroundFill;
}

/** Starts (or joins) the background fill without waiting for it; a failure is logged, not thrown. */
export function startLeaderboardFill(): void {
  fillLeaderboardSummariesInBackground().catch((error: unknown) =>
    console.error("[loopscope] could not fill the leaderboard rows of runs", error),
  );
}

/**
 * What a page request does about missing lean rows: computes a few itself (LOOPSCOPE_SUMMARIES_IN_REQUEST) so they show
 * at once; leaves more to the background fill, which it starts, and reports how many are pending. Computing every row
 * of 1,000 runs after a METRICS_VERSION change took the first `/runs` 18.6 s (docs/benchmarks.md, bench:pages).
 */
export async function ensureLeaderboardSummariesForRequest(): Promise<{ written: number; pending: number }> {
  const pending = await listRunsNeedingSummary({ metricsVersion: METRICS_VERSION });
  if (pending.length === 0) return { written: 0, pending: 0 };
  if (pending.length > serverConfig().LOOPSCOPE_SUMMARIES_IN_REQUEST) {
    startLeaderboardFill();
    return { written: 0, pending: pending.length };
  }
  // A few: computed here from the list just read, or by the fill already running (joined rather than computed twice).
  return { written: await (backgroundFill ?? fillSummaries(pending)), pending: 0 };
}

/** After an ingest or re-import: the runs' metrics and lean leaderboard rows, so no page computes them. */
export async function warmRunsForLeaderboard(runIds: readonly string[]): Promise<void> {
  await warmRunMetrics(runIds);
  await ensureLeaderboardSummaries().catch((error: unknown) =>
    console.error("could not fill the leaderboard rows of new runs", error),
  );
}
