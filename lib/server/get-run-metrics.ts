import { computeEffort, computeRunMetrics, computeStateCheckBesideReward } from "@/lib/metrics";
import type { RunMetricsResponse } from "@/lib/contracts/run-metrics";
import {
  loadTrajectoryEffort,
  loadTrajectoryOutcomes,
  loadTurnScores,
  readMetricsCache,
  writeMetricsCache,
} from "@/lib/db/run-metrics-inputs";
import { AppError } from "./app-error";
import { rescoreRunIfStale } from "./rescore-run";

/**
 * Bump when a metric definition changes: cached values of older versions are recomputed.
 * 2: cost and effort (experiments).
 * 3: tau2 communicate rule, missing tau2 reward = failure, one tool-error recovery rule (stored scores: SCORES_VERSION).
 * 4: success-rate interval with the trials of a task as one cluster (effectiveN).
 * 5: the state check beside a tau2 reward no longer fails every trajectory (missingRewardIsFailure ignored there).
 * 6: a cost that is $0 throughout while tokens were used is unknown (computeEffort).
 */
export const METRICS_VERSION = 6;

export type { RunMetricsResponse };

function isCurrent(cache: unknown): cache is RunMetricsResponse {
  return (
    cache !== null &&
    typeof cache === "object" &&
    (cache as { metricsVersion?: unknown }).metricsVersion === METRICS_VERSION
  );
}

/** Every path that computes a run's metrics goes through here, so stale stored scores are rescored first. */
export async function computeRunMetricsResponse(runId: string): Promise<RunMetricsResponse> {
  await rescoreRunIfStale(runId);
  const [outcomes, turns, effort] = await Promise.all([
    loadTrajectoryOutcomes({ runId }),
    loadTurnScores({ runId }),
    loadTrajectoryEffort({ runId }),
  ]);
  const metrics = computeRunMetrics(outcomes, turns);
  return {
    runId,
    metricsVersion: METRICS_VERSION,
    ...metrics,
    stopReasons: Object.fromEntries(metrics.stopReasons.map((entry) => [entry.reason, entry.count])),
    stopReasonDetails: metrics.stopReasons,
    stateCheck: computeStateCheckBesideReward(outcomes),
    effort: computeEffort(effort),
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
    await getRunMetrics(runId).catch((error: unknown) =>
      console.error(`could not precompute metrics of run ${runId}`, error),
    );
  }
}
