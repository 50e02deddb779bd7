import { computeRunMetrics, isTrajectorySuccess, type RunMetrics, type TrajectoryOutcome } from "@/lib/metrics";
import { loadTrajectoryOutcomes, loadTurnScores, readMetricsCache, writeMetricsCache } from "@/lib/db/run-metrics-inputs";
import { AppError } from "./app-error";

/** Bump when a metric definition changes: cached values of older versions are recomputed. */
export const METRICS_VERSION = 2;

export interface RunMetricsResponse extends Omit<RunMetrics, "stopReasons"> {
  runId: string;
  metricsVersion: number;
  /** reason -> count, as the API promises; the detail list keeps inferred counts. */
  stopReasons: Record<string, number>;
  stopReasonDetails: RunMetrics["stopReasons"];
  /** The state/reply check shown beside an external reward when both exist (null when either is missing). */
  stateCheck: { count: number; eligible: number; rate: number | null } | null;
}

function stateCheckBesideReward(outcomes: readonly TrajectoryOutcome[]): RunMetricsResponse["stateCheck"] {
  const withReward = outcomes.filter((t) => t.reward !== null && (t.stateMatch !== null || t.replyCheck !== null));
  if (withReward.length === 0) return null;
  const verdicts = withReward.map((t) => isTrajectorySuccess({ ...t, reward: null })).filter((v): v is boolean => v !== null);
  const count = verdicts.filter(Boolean).length;
  return { count, eligible: verdicts.length, rate: verdicts.length > 0 ? count / verdicts.length : null };
}

function isCurrent(cache: unknown): cache is RunMetricsResponse {
  return cache !== null && typeof cache === "object" && (cache as { metricsVersion?: unknown }).metricsVersion === METRICS_VERSION;
}

export async function computeRunMetricsResponse(runId: string): Promise<RunMetricsResponse> {
  const [outcomes, turns] = await Promise.all([loadTrajectoryOutcomes({ runId }), loadTurnScores({ runId })]);
  const metrics = computeRunMetrics(outcomes, turns);
  return {
    runId,
    metricsVersion: METRICS_VERSION,
    ...metrics,
    stopReasons: Object.fromEntries(metrics.stopReasons.map((entry) => [entry.reason, entry.count])),
    stopReasonDetails: metrics.stopReasons,
    stateCheck: stateCheckBesideReward(outcomes),
  };
}

/**
 * Run-level metrics, computed in one pass over the stored per-trajectory scores and
 * cached on the run. Trajectories of a run never change after ingest, so the cache only
 * goes stale when the definitions change (METRICS_VERSION).
 */
export async function getRunMetrics(runId: string): Promise<RunMetricsResponse> {
  const cache = await readMetricsCache({ runId });
  if (!cache) throw new AppError("not_found", `no run with id ${runId}`);
  if (isCurrent(cache.metrics)) return cache.metrics;
  const response = await computeRunMetricsResponse(runId);
  await writeMetricsCache({ runId, metrics: response });
  return response;
}

/** Computes and caches the metrics of freshly ingested runs; a failure only leaves the cache to be filled on first read. */
export async function warmRunMetrics(runIds: readonly string[]): Promise<void> {
  for (const runId of runIds) {
    await getRunMetrics(runId).catch((error: unknown) => console.error(`could not precompute metrics of run ${runId}`, error));
  }
}
