import type { RunSubmission } from "./run-submission";

/** The setting a run was evaluated under (lib/presenters/run-setting.ts); key and label are "" for the default. */
export type RunSetting = { key: string; label: string };

/** One run as `GET /api/runs` lists it and the leaderboard shows it. */
export interface RunSummary {
  id: string;
  name: string;
  /** Unique among all runs: a set name, or one built from what differs (lib/presenters/run-display-names.ts). */
  displayName: string;
  model: string;
  family: string | null;
  size: string | null;
  variant: string;
  pairingKey: string | null;
  suiteId: string;
  /** The suite's label, with its task-set version when its name has several. */
  suite: string;
  /** "12 of 50 tasks" when the run covers only part of its suite. */
  coverage: string | null;
  setting: RunSetting;
  /** key=value labels, as lib/bundles/schema/run-tags.ts validates them. */
  tags: Record<string, string>;
  metadata: unknown;
  /** The base run for a fine-tuned run, the fine-tuned runs for a base (lib/presenters/run-pairs.ts). */
  pairedRunIds: string[];
  /** For a fine-tuned run: other base runs that matched, less close in time than its pair. */
  alternativeBaseRunIds: string[];
  sourceFormat: string;
  fileName: string;
  uploadedAt: string;
  tasks: number;
  trajectories: number;
  minTrials: number;
  maxTrials: number;
  turnPredictions: number;
  /** A run imported from a tau2-bench leaderboard submission: its claim beside the recomputed figures. */
  submission: RunSubmission | null;
}
