import { z } from "zod";
import { loadCompareRuns, loadPairedRunsOfSuite, loadTurnScoresByTask, type CompareRunRow } from "@/lib/db/compare";
import { readCachedComparison, writeCachedComparison } from "@/lib/db/comparison-cache";
import { readIdentityGeneration } from "@/lib/db/run-identities";
import { loadTrajectoryOutcomes } from "@/lib/db/run-metrics-inputs";
import { buildMetricCatalog } from "@/lib/presenters/compare-metric-catalog";
import { analyzePair, type RunData } from "@/lib/presenters/compare-pair-analysis";
import { buildGainPoints, buildSuitePairsHref } from "@/lib/presenters/compare-gain-points";
import { buildTaskRows } from "@/lib/presenters/compare-task-rows";
import type { CompareGuard } from "@/lib/presenters/compare-guard";
import type { ComparedRun, Comparison, ComponentVersion, ProtocolRow } from "@/lib/presenters/compare-types";
import type { PairedMetricDelta } from "@/lib/metrics/paired-metric-delta";
import { AppError } from "./app-error";
import { getRunMetrics, METRICS_VERSION, type RunMetricsResponse } from "./get-run-metrics";
import { buildCompareGuard, loadCompareGuard } from "./guard-comparison";
import { ensureFreshRuns, listRunSummaries } from "./list-runs";

import { MAX_COMPARED_RUNS } from "@/lib/presenters/compare-params";

const ComponentConfigSchema = z.object({ name: z.string().optional(), version: z.string().optional() });

function toComponentVersion(value: unknown): ComponentVersion | null {
  const parsed = ComponentConfigSchema.safeParse(value);
  if (!parsed.success) return null;
  return { name: parsed.data.name ?? null, version: parsed.data.version ?? null };
}

function suiteLabel(row: CompareRunRow): string {
  return row.suite.version ? `${row.suite.name} ${row.suite.version}` : row.suite.name;
}

interface LoadedRun {
  run: ComparedRun;
  data: RunData;
  metrics: RunMetricsResponse;
}

async function loadRuns(runIds: readonly string[]): Promise<{ loaded: LoadedRun[]; guard: CompareGuard }> {
  const [rows, summaries] = await Promise.all([loadCompareRuns({ runIds: [...runIds] }), listRunSummaries({ runIds })]);
  const summaryOf = new Map(summaries.map((summary) => [summary.id, summary]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = runIds.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new AppError("not_found", `no run with id ${missing.join(", ")}`);
  const guard = buildCompareGuard(runIds, summaries, rows);
  const loaded = await Promise.all(
    runIds.map(async (id) => {
      const row = byId.get(id);
      if (!row) throw new AppError("not_found", `no run with id ${id}`);
      const [metrics, outcomes, turns] = await Promise.all([
        getRunMetrics(id),
        loadTrajectoryOutcomes({ runId: id }),
        loadTurnScoresByTask({ runId: id }),
      ]);
      const judge = toComponentVersion(row.judgeConfig);
      const userSimulator = toComponentVersion(row.userSimulatorConfig);
      const run: ComparedRun = {
        id,
        name: summaryOf.get(id)?.displayName ?? row.name,
        model: row.model.name,
        variant: row.variant,
        pairingKey: row.pairingKey,
        suiteId: row.suiteId,
        suite: summaryOf.get(id)?.suite ?? suiteLabel(row),
        judge,
        userSimulator,
        metrics: {
          successRate: metrics.successRate,
          passHatK: metrics.passHatK,
          goldHistory: metrics.goldHistory,
          strata: metrics.strata,
          trialsPerTask: metrics.trialsPerTask,
          trajectories: metrics.trajectories,
          tasks: metrics.tasks,
          stopReasonDetails: metrics.stopReasonDetails,
        },
      };
      return { run, metrics, data: { id, suite: run.suite, judge, userSimulator, outcomes, turns } };
    }),
  );
  return { loaded, guard };
}

function validateRunIds(runIds: readonly string[]): void {
  if (runIds.length < 2 || runIds.length > MAX_COMPARED_RUNS)
    throw new AppError("bad_request", `compare 2 to ${MAX_COMPARED_RUNS} runs`);
  if (new Set(runIds).size !== runIds.length) throw new AppError("bad_request", "each run may appear once");
}

/**
 * The cache key: the ordered run ids (the first is the baseline), METRICS_VERSION and the identity generation (the
 * display names in the result). `c2`: results carry their guard. Read the generation before computing: a run
 * added or edited meanwhile bumps it past this key. When nothing changed since this process last looked, this is
 * one read of the counter.
 */
async function comparisonKey(runIds: readonly string[]): Promise<{ key: string; identityGeneration: number }> {
  // Lean rows written for runs that had none move the generation: key by the one after them, or the first load
  // after an upload would store its result under a generation the second load has already left.
  const fresh = await ensureFreshRuns();
  const identityGeneration =
    fresh.written === 0 && fresh.rebuilt === null ? fresh.generation : await readIdentityGeneration();
  return { key: `c2:v${METRICS_VERSION}:g${identityGeneration}:${runIds.join(",")}`, identityGeneration };
}

async function readCached(key: string): Promise<Comparison | null> {
  const cached = await readCachedComparison({ key });
  // Written below from a Comparison; JSON round-trips it (no dates, maps or non-finite numbers in it).
  return cached === null ? null : (cached as Comparison);
}

async function computeAndStore(
  runIds: readonly string[],
  { key, identityGeneration }: { key: string; identityGeneration: number },
): Promise<Comparison> {
  const comparison = await computeComparison(runIds);
  await writeCachedComparison({ key, runIds, metricsVersion: METRICS_VERSION, identityGeneration, result: comparison });
  return comparison;
}

/**
 * What /compare and its exports show for these runs: the guard, and the comparison unless the runs come from
 * different suites and `crossSuite` (the explicit opt-in) is off. The first run is the baseline, every other run
 * is compared with it over the tasks both ran. Results are stored in PostgreSQL by the ordered run ids,
 * METRICS_VERSION and the identity generation (the display names in them), with their guard, so a cached load
 * reads two rows (the generation and the result) and no run; rescoring or deleting a run forgets its comparisons
 * (lib/server/rescore-run.ts, delete-run.ts).
 */
export async function loadComparison(
  runIds: readonly string[],
  { crossSuite }: { crossSuite: boolean },
): Promise<{ guard: CompareGuard; comparison: Comparison | null }> {
  validateRunIds(runIds);
  const key = await comparisonKey(runIds);
  const cached = await readCached(key.key);
  if (cached) return { guard: cached.guard, comparison: cached.guard.crossSuite && !crossSuite ? null : cached };
  const guard = await loadCompareGuard(runIds);
  if (guard.crossSuite && !crossSuite) return { guard, comparison: null };
  const comparison = await computeAndStore(runIds, key);
  return { guard: comparison.guard, comparison };
}

async function computeComparison(runIds: readonly string[]): Promise<Comparison> {
  const { loaded, guard } = await loadRuns(runIds);
  const runs = loaded.map((entry) => entry.run);
  const [baseline, ...candidates] = loaded;
  if (!baseline) throw new AppError("bad_request", "no baseline run");
  const maxK = Math.max(0, ...runs.map((run) => Object.keys(run.metrics.passHatK).length));
  const catalog = buildMetricCatalog(maxK);
  const analyses = candidates.map((candidate) => analyzePair(baseline.data, candidate.data, catalog));
  const protocolRows: ProtocolRow[] = catalog.map((metric) => ({
    key: metric.key,
    label: metric.label,
    group: metric.group,
    format: metric.format,
    higherIsBetter: metric.higherIsBetter,
    values: loaded.map(({ metrics }) =>
      metric.group === "gold" ? metrics.goldHistory[metric.field] : metric.read(metrics),
    ),
    deltas: [null, ...analyses.map((a): PairedMetricDelta | null => a.deltas.get(metric.key) ?? null)],
  }));
  const firstPair = analyses[0]?.analysis;
  const gain = buildGainPoints(runs);
  const suiteRuns = gain.points.length === 1 ? await loadPairedRunsOfSuite({ suiteId: baseline.run.suiteId }) : [];
  return {
    guard,
    runs,
    protocolRows,
    pairs: analyses.map((a) => a.analysis),
    tasks: firstPair
      ? buildTaskRows(
          loaded.map((entry) => entry.data),
          firstPair.paired.tasks,
        )
      : [],
    gain: { ...gain, suitePairsHref: buildSuitePairsHref(suiteRuns) },
  };
}
