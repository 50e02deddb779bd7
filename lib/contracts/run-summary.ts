/** One run as `GET /api/runs` lists it and the leaderboard shows it. */
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
