import { listPairableRuns, type ExperimentRunRow } from "@/lib/db/experiments";
import { loadTrajectoryOutcomes } from "@/lib/db/run-metrics-inputs";
import { groupTaskCounts } from "@/lib/metrics/compute-pass-hat-k";
import {
  buildExperimentMatrix,
  type ExperimentMatrix,
  type ExperimentMatrixOptions,
  type ExperimentRun,
} from "@/lib/presenters/experiment-matrix";
import { choosePairs } from "@/lib/presenters/run-pairs";
import { describeRunSetting } from "@/lib/presenters/run-setting";
import { getManyRunMetrics } from "./get-leaderboard";

function suiteLabel(row: ExperimentRunRow): string {
  return row.suite.version ? `${row.suite.name} ${row.suite.version}` : row.suite.name;
}

/**
 * The experiment matrix over every paired run: headers of all runs with a pairing key, then per-task outcomes
 * and cached success rates only of runs that take part in a pair (loading outcomes is the costly part).
 */
export async function getExperiments(options: ExperimentMatrixOptions = {}): Promise<ExperimentMatrix> {
  const rows = await listPairableRuns();
  const headers = rows.map((row) => ({ row, setting: describeRunSetting(row.metadata) }));
  const pairs = choosePairs(
    headers.map(({ row, setting }) => ({
      id: row.id,
      suiteId: row.suiteId,
      pairingKey: row.pairingKey,
      variant: row.variant,
      settingKey: setting.key,
      createdAt: row.createdAt.toISOString(),
    })),
  );
  const needed = new Set(pairs.flatMap((pair) => [pair.baseRunId, pair.candidateRunId, ...pair.alternativeBaseRunIds]));
  const used = headers.filter(({ row }) => needed.has(row.id));
  const metrics = await getManyRunMetrics(used.map(({ row }) => row.id));
  const runs: ExperimentRun[] = [];
  for (const { row, setting } of used) {
    const success = metrics.get(row.id)?.metrics.successRate ?? null;
    const outcomes = await loadTrajectoryOutcomes({ runId: row.id });
    runs.push({
      id: row.id,
      name: row.name,
      suiteId: row.suiteId,
      suite: suiteLabel(row),
      variant: row.variant,
      pairingKey: row.pairingKey,
      settingKey: setting.key,
      settingLabel: setting.label,
      createdAt: row.createdAt.toISOString(),
      success: success === null ? null : { value: success.value, low: success.low, high: success.high, n: success.n },
      perTask: groupTaskCounts(outcomes).perTask,
    });
  }
  return buildExperimentMatrix(runs, options);
}
