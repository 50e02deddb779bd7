import { countRunRecords } from "@/lib/db/runs";
import { listRunsNeedingSummary, upsertLeaderboardSummary } from "@/lib/db/leaderboard-summaries";
import { buildLeaderboardSummary } from "@/lib/presenters/leaderboard-summary";
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
  const pending = await listRunsNeedingSummary({ metricsVersion: METRICS_VERSION });
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

/** After an ingest or re-import: the runs' metrics and lean leaderboard rows, so no page computes them. */
export async function warmRunsForLeaderboard(runIds: readonly string[]): Promise<void> {
  await warmRunMetrics(runIds);
  await ensureLeaderboardSummaries().catch((error: unknown) =>
    console.error("could not fill the leaderboard rows of new runs", error),
  );
}
