import type { RunSubmission } from "@/lib/contracts/run-submission";
export interface ComponentConfigView {
  name?: string;
  version?: string;
  config?: Record<string, unknown>;
}

export interface MetadataEntry {
  key: string;
  value: string;
}

/** A run's metadata as key/value text rows, in the order the source gave them. */
export function listMetadataEntries(metadata: unknown): MetadataEntry[] {
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) return [];
  // A leaderboard submission's claim has its own table on the run page.
  return Object.entries(metadata)
    .filter(([key]) => key !== "submission")
    .map(([key, value]) => ({
      key,
      value: typeof value === "string" ? value : JSON.stringify(value),
    }));
}

export interface RunHeaderView {
  id: string;
  name: string;
  /** Unique among runs; equals name when a person set it. */
  displayName: string;
  nameIsCustom: boolean;
  suiteLabel: string;
  coverage: string | null;
  settingLabel: string;
  tags: Record<string, string>;
  metadata: MetadataEntry[];
  /** Base runs of the same suite and setting an unpaired fine-tuned run could pair with (set its pairing key to one of theirs). */
  candidateBases: { id: string; name: string; pairingKey: string | null }[];
  /** Other base runs that matched as well as the chosen one, less close in time. */
  alternativeBases: { id: string; name: string }[];
  externalId: string;
  variant: string;
  pairingKey: string | null;
  model: { name: string; family: string | null; size: string | null };
  suite: { id: string; name: string; version: string; domain: string | null };
  sourceFormat: string;
  fileName: string;
  uploadedAt: string;
  /** The importer version the rows were read with, and today's (older runs can be re-imported). */
  importerVersion: number;
  currentImporterVersion: number;
  agent: ComponentConfigView | null;
  userSimulator: ComponentConfigView | null;
  judge: ComponentConfigView | null;
  pairedRuns: { id: string; name: string; variant: string; suiteId: string }[];
  sourceScore: SourceScoreView | null;
  /** A run imported from a tau2-bench leaderboard submission: the claim beside the recomputed figures. */
  submission: RunSubmission | null;
}

/** What the source benchmark reported for the run itself: for Inspect logs, the primary scorer and the accuracy it stored. */
export interface SourceScoreView {
  scorer: string;
  /** null when the log stored no accuracy for that scorer: shown as n/a. */
  accuracy: number | null;
}

/** Reads the importer's `primaryScorer` / `inspectAccuracy` from run metadata; null for runs without a scorer. */
export function readSourceScore(metadata: unknown): SourceScoreView | null {
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) return null;
  const { primaryScorer, inspectAccuracy } = metadata as { primaryScorer?: unknown; inspectAccuracy?: unknown };
  if (typeof primaryScorer !== "string" || primaryScorer === "") return null;
  return {
    scorer: primaryScorer,
    accuracy: typeof inspectAccuracy === "number" && Number.isFinite(inspectAccuracy) ? inspectAccuracy : null,
  };
}
