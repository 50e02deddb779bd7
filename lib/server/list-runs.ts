import { readSummaryCounts } from "@/lib/db/leaderboard-summaries";
import { listRunRows } from "@/lib/db/runs";
import { ensureLeaderboardSummaries } from "./get-leaderboard";

export interface RunSummary {
  id: string;
  name: string;
  model: string;
  family: string | null;
  size: string | null;
  variant: string;
  pairingKey: string | null;
  suite: string;
  sourceFormat: string;
  fileName: string;
  uploadedAt: string;
  tasks: number;
  trajectories: number;
  minTrials: number;
  maxTrials: number;
  turnPredictions: number;
}

export async function listRuns(): Promise<RunSummary[]> {
  // Counts come from the lean leaderboard rows: counting trajectories of every run per request is what made this slow.
  await ensureLeaderboardSummaries();
  const [runs, counts] = await Promise.all([listRunRows(), readSummaryCounts()]);
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
