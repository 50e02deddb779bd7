import type { RunSummary } from "@/lib/contracts/run-summary";
import { countRunRecords, listRunRows } from "@/lib/db/runs";

export type { RunSummary };

export async function listRuns(): Promise<RunSummary[]> {
  const runs = await listRunRows();
  const counts = await countRunRecords(runs.map((run) => run.id));
  return runs.map((run) => {
    const count = counts.get(run.id);
    return {
      id: run.id,
      name: run.name,
      model: run.model.name,
      family: run.model.family,
      size: run.model.size,
      variant: run.variant,
      pairingKey: run.pairingKey,
      suite: run.suite.version ? `${run.suite.name} ${run.suite.version}` : run.suite.name,
      sourceFormat: run.sourceFormat,
      fileName: run.bundle.fileName,
      uploadedAt: run.bundle.uploadedAt.toISOString(),
      tasks: count?.tasks ?? 0,
      trajectories: count?.trajectories ?? 0,
      minTrials: count?.minTrials ?? 0,
      maxTrials: count?.maxTrials ?? 0,
      turnPredictions: count?.turnPredictions ?? 0,
    };
  });
}
