import type { RunSummary } from "@/lib/contracts/run-summary";
import type { RunTags } from "@/lib/bundles/schema/run-tags";
import { readSummaryCounts } from "@/lib/db/leaderboard-summaries";
import { listRunRows, listSuiteTaskCounts } from "@/lib/db/runs";
import { buildRunIdentities, hasTags } from "@/lib/presenters/run-identities";
import { db, type DbOrTx } from "@/lib/db/client";
import { ensureLeaderboardSummaries } from "./leaderboard-summaries";

export type { RunSummary };

export interface RunListFilter {
  /** Every key=value given must match. */
  tags?: RunTags;
}

/** Every run (newest first) with its display name, suite label, setting, tags and pairs; names are built over all runs. */
export async function listRuns(filter: RunListFilter = {}, reader?: DbOrTx): Promise<RunSummary[]> {
  // Counts come from the lean leaderboard rows: counting trajectories of every run per request is what made this slow.
  // Without a reader (the leaderboard passes a replica's) the rows are filled and read on the primary.
  let client = reader;
  if (!client) {
    await ensureLeaderboardSummaries();
    client = db();
  }
  const [runs, suites, counts] = await Promise.all([
    listRunRows(client),
    listSuiteTaskCounts(client),
    readSummaryCounts(client),
  ]);
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
  const summaries = runs.map((run): RunSummary => {
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
    };
  });
  const tags = filter.tags ?? {};
  return Object.keys(tags).length === 0 ? summaries : summaries.filter((run) => hasTags(run.tags, tags));
}
