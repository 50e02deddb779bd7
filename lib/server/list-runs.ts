import type { RunSummary } from "@/lib/contracts/run-summary";
import type { RunTags } from "@/lib/bundles/schema/run-tags";
import { readSummaryCounts } from "@/lib/db/leaderboard-summaries";
import {
  hasStaleIdentities,
  readIdentityGeneration,
  readStoredIdentities,
  writeStoredIdentities,
} from "@/lib/db/run-identities";
import { listRunRows, listSuiteTaskCounts, listTrajectoryRewards } from "@/lib/db/runs";
import { buildRunSubmission, submissionMetadataOf } from "@/lib/presenters/run-submission";
import { buildRunIdentities, hasTags } from "@/lib/presenters/run-identities";
import { ensureLeaderboardSummariesForRequest } from "./leaderboard-summaries";

export type { RunSummary };

export interface RunListFilter {
  /** Every key=value given must match. */
  tags?: RunTags;
}

/** Every run's summary built afresh over all runs (the identity build the stored rows cache). */
async function buildRunSummaries(): Promise<RunSummary[]> {
  const [runs, suites, counts] = await Promise.all([listRunRows(), listSuiteTaskCounts(), readSummaryCounts()]);
  const identities = buildRunIdentities(
    runs.map((run) => {
      const count = counts.get(run.id);
      return {
        id: run.id,
        name: run.name,
        nameIsCustom: run.nameIsCustom,
        model: run.model.name,
        variant: run.variant,
        pairingKey: run.pairingKey,
        suiteId: run.suite.id,
        metadata: run.metadata,
        tags: run.tags,
        createdAt: run.createdAt.toISOString(),
        tasks: count?.tasks ?? 0,
        minTrials: count?.minTrials ?? 0,
        maxTrials: count?.maxTrials ?? 0,
      };
    }),
    suites.map((suite) => ({ ...suite, createdAt: suite.createdAt.toISOString() })),
  );
  const submissionRuns = runs.filter((run) => submissionMetadataOf(run.metadata) !== null).map((run) => run.id);
  const rewards = new Map<string, { taskId: string; reward: number | null }[]>();
  for (const row of await listTrajectoryRewards(submissionRuns)) {
    const list = rewards.get(row.runId) ?? [];
    list.push(row);
    rewards.set(row.runId, list);
  }
  return runs.map((run): RunSummary => {
    const count = counts.get(run.id);
    const identity = identities.get(run.id);
    return {
      id: run.id,
      name: run.name,
      displayName: identity?.displayName ?? run.name,
      model: run.model.name,
      family: run.model.family,
      size: run.model.size,
      variant: run.variant,
      pairingKey: run.pairingKey,
      suiteId: run.suite.id,
      suite: identity?.suiteLabel ?? run.suite.name,
      coverage: identity?.coverage ?? null,
      setting: identity?.setting ?? { key: "", label: "" },
      tags: identity?.tags ?? {},
      metadata: run.metadata ?? null,
      pairedRunIds: identity?.pairedRunIds ?? [],
      alternativeBaseRunIds: identity?.pair?.alternativeBaseRunIds ?? [],
      sourceFormat: run.sourceFormat,
      fileName: run.bundle.fileName,
      uploadedAt: run.bundle.uploadedAt.toISOString(),
      tasks: count?.tasks ?? 0,
      trajectories: count?.trajectories ?? 0,
      minTrials: count?.minTrials ?? 0,
      maxTrials: count?.maxTrials ?? 0,
      turnPredictions: count?.turnPredictions ?? 0,
      submission: buildRunSubmission(run.metadata, rewards.get(run.id) ?? []),
    };
  });
}

/**
 * Brings the identities stored on the lean rows up to the current generation: when any live run's
 * row is of an older one (a run was added, edited or deleted since), all are rebuilt over all runs
 * and written in one statement. Returns the fresh summaries when it rebuilt, else null.
 */
export async function ensureStoredIdentities(): Promise<RunSummary[] | null> {
  // Read the generation before the runs: a change committed meanwhile bumps it past what we stamp.
  const generation = await readIdentityGeneration();
  if (!(await hasStaleIdentities({ generation }))) return null;
  const summaries = await buildRunSummaries();
  await writeStoredIdentities({
    generation,
    identities: summaries.map((summary) => ({ runId: summary.id, identity: summary })),
  });
  return summaries;
}

/** The identity generation at which this process last found every live run with a current lean row and identity. */
let freshAtGeneration: number | null = null;

export interface FreshRuns {
  /** The identity generation read before the checks: what the caller may key its own per-generation results by. */
  generation: number;
  /** Lean rows written by this call (runs that had none of the current METRICS_VERSION). */
  written: number;
  /** Runs whose lean rows are being filled in the background: left out of the leaderboard until they are current. */
  pendingSummaries: number;
  /** The summaries rebuilt over all runs by this call, else null. */
  rebuilt: RunSummary[] | null;
}

/**
 * Fills missing lean rows and rebuilds stale identities (both scan every run), unless nothing changed since this
 * process last found all of them current: every change they depend on (a run added, edited or deleted, a lean row
 * added or its counts changed, a task added) bumps the identity generation, so a request reads one counter row
 * instead of scanning 1,000 runs twice. METRICS_VERSION is fixed for the life of a process.
 */
export async function ensureFreshRuns(): Promise<FreshRuns> {
  // Read before the checks: anything committed after this read moves the counter past what is remembered.
  const generation = await readIdentityGeneration();
  if (freshAtGeneration === generation) return { generation, written: 0, pendingSummaries: 0, rebuilt: null };
  const { written, pending } = await ensureLeaderboardSummariesForRequest();
  const rebuilt = await ensureStoredIdentities();
  // Remembered only when both found everything current (a run whose lean row failed is retried next time).
  if (written === 0 && pending === 0 && rebuilt === null) freshAtGeneration = generation;
  return { generation, written, pendingSummaries: pending, rebuilt };
}

/** Every run (newest first) with its display name, suite label, setting, tags and pairs; names are built over all runs. */
export async function listRuns(filter: RunListFilter = {}): Promise<RunSummary[]> {
  // Counts come from the lean leaderboard rows: counting trajectories of every run per request is what made this slow.
  // Names are built over all runs only when something they depend on changed; otherwise they are read back.
  const { rebuilt } = await ensureFreshRuns();
  const summaries = rebuilt ?? (await readStoredSummaries());
  const tags = filter.tags ?? {};
  return Object.keys(tags).length === 0 ? summaries : summaries.filter((run) => hasTags(run.tags, tags));
}

/**
 * The summaries of the given runs and of every run of the given suite (either may be left out), from the
 * stored identities: what a page that names a few runs needs, without reading all of them.
 */
export async function listRunSummaries(scope: { runIds?: readonly string[]; suiteId?: string }): Promise<RunSummary[]> {
  const { rebuilt } = await ensureFreshRuns();
  if (rebuilt) {
    const ids = new Set(scope.runIds ?? []);
    return rebuilt.filter((run) => ids.has(run.id) || run.suiteId === scope.suiteId);
  }
  return readStoredSummaries(scope);
}

/** The stored summaries; a run whose row has none (its lean row could not be computed) is built afresh with the rest. */
async function readStoredSummaries(
  scope: { runIds?: readonly string[]; suiteId?: string } = {},
): Promise<RunSummary[]> {
  const rows = await readStoredIdentities(scope);
  if (rows.some((row) => row.identity === null)) {
    const ids = new Set(scope.runIds ?? []);
    const wanted = (run: RunSummary) =>
      (!scope.runIds && !scope.suiteId) || ids.has(run.id) || run.suiteId === scope.suiteId;
    return (await buildRunSummaries()).filter(wanted);
  }
  // Written by ensureStoredIdentities from RunSummary values: JSON round-trips them unchanged.
  // Rows stored before submissions were summarised lack the field: null, as for any other run.
  return rows.map((row) => ({
    ...(row.identity as RunSummary),
    submission: (row.identity as RunSummary).submission ?? null,
  }));
}
