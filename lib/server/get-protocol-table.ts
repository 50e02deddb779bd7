import { findSuiteHead, listSuiteRuns } from "@/lib/db/leaderboard";
import { buildProtocolTable, type ProtocolRunInput, type ProtocolTable } from "@/lib/presenters/protocol-table";
import { getManyRunMetrics } from "./get-leaderboard";
import { listRuns } from "./list-runs";

/** Seed 000's Table 1 for one suite (null when there is no such suite): every run of the suite, metrics from the per-run cache. */
export async function getProtocolTable(suiteId: string): Promise<ProtocolTable | null> {
  const suite = await findSuiteHead({ suiteId });
  if (!suite) return null;
  const [runs, summaries] = await Promise.all([listSuiteRuns({ suiteId }), listRuns()]);
  const summaryOf = new Map(summaries.map((run) => [run.id, run]));
  const metrics = await getManyRunMetrics(runs.map((run) => run.id));
  const inputs: ProtocolRunInput[] = runs.flatMap((run) => {
    const entry = metrics.get(run.id);
    if (!entry) return [];
    return [
      {
        id: run.id,
        name: summaryOf.get(run.id)?.displayName ?? run.name,
        model: run.model.name,
        family: run.model.family,
        size: run.model.size,
        variant: run.variant,
        pairingKey: run.pairingKey,
        metrics: entry.metrics,
      },
    ];
  });
  const name =
    summaries.find((run) => run.suiteId === suite.id)?.suite ??
    (suite.version ? `${suite.name} ${suite.version}` : suite.name);
  return buildProtocolTable({ id: suite.id, name }, inputs);
}
