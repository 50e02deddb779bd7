import { randomUUID } from "node:crypto";
import type { BundleIssue } from "@/lib/bundles/issues";
import { parseTau2JudgeReview, type LabelMapping } from "@/lib/bundles/importers/tau2-judge-review";
import type { JudgeReviewOutcome } from "@/lib/contracts/run-judges";
import {
  DuplicateJudgeReviewError,
  findTrajectoriesByExternalIds,
  insertJudgeReview,
  listJudgeReviewRuns,
  type JudgedTrajectory,
  type NewRunJudgeLabel,
} from "@/lib/db/run-judge-labels";
import { findBundleByHash } from "@/lib/db/bundles";

export const JUDGE_REVIEW_FORMAT = "tau2-judge-review";

export type JudgeReviewIngest =
  | {
      kind: "stored";
      duplicate: boolean;
      bundleId: string;
      runs: { id: string; name: string }[];
      judgeLabels: number;
      warnings: string[];
      judgeReview?: JudgeReviewOutcome;
    }
  | { kind: "invalid"; error: string; issues: BundleIssue[] };

export interface JudgeReviewInput {
  document: Record<string, unknown>;
  contentHash: string;
  fileName: string;
  sizeBytes: number;
  uploadedBy: string | null;
  mapping: LabelMapping;
}

const LISTED_IDS = 20;

async function duplicateOf(contentHash: string): Promise<JudgeReviewIngest | null> {
  const existing = await findBundleByHash({ contentHash });
  if (!existing) return null;
  const runs = existing.runs.length > 0 ? existing.runs : await listJudgeReviewRuns({ bundleId: existing.id });
  const counts = (existing.counts ?? {}) as { judgeLabels?: number };
  return {
    kind: "stored",
    duplicate: true,
    bundleId: existing.id,
    runs,
    judgeLabels: counts.judgeLabels ?? 0,
    warnings: [],
  };
}

function countLabels(verdicts: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const verdict of verdicts) counts[verdict] = (counts[verdict] ?? 0) + 1;
  return counts;
}

/**
 * Stores a tau2-bench judge review on the trajectories already uploaded whose source simulation id matches: one
 * judge per (prompt name, model). A review none of whose simulations is stored is refused, naming the missing ids.
 */
export async function ingestJudgeReview(input: JudgeReviewInput): Promise<JudgeReviewIngest> {
  const duplicate = await duplicateOf(input.contentHash);
  if (duplicate) return duplicate;
  const parsed = parseTau2JudgeReview(input.document, input.mapping);
  if (parsed.issues.length > 0)
    return {
      kind: "invalid",
      error: `the judge review was rejected: ${parsed.issues.length} problem(s) found; nothing was stored`,
      issues: parsed.issues,
    };
  const simulationIds = [...new Set(parsed.judges.flatMap((judge) => judge.entries.map((e) => e.simulationId)))];
  const trajectories = await findTrajectoriesByExternalIds({ externalIds: simulationIds });
  const bySimulation = new Map<string, JudgedTrajectory[]>();
  for (const trajectory of trajectories)
    bySimulation.set(trajectory.externalId, [...(bySimulation.get(trajectory.externalId) ?? []), trajectory]);
  const unmatched = simulationIds.filter((id) => !bySimulation.has(id));
  if (unmatched.length === simulationIds.length) {
    const listed = unmatched.slice(0, LISTED_IDS).join(", ");
    const more = unmatched.length > LISTED_IDS ? ` and ${unmatched.length - LISTED_IDS} more` : "";
    return {
      kind: "invalid",
      error: "the judge review was rejected: none of its simulations is stored; upload their results first",
      issues: [{ path: "entries[].simulation_id", message: `no stored trajectory has simulation id ${listed}${more}` }],
    };
  }
  const outcome: JudgeReviewOutcome = { judges: [], unmatchedSimulationIds: unmatched };
  const judges = parsed.judges.map((judge) => {
    const labels: NewRunJudgeLabel[] = [];
    for (const entry of judge.entries)
      for (const trajectory of bySimulation.get(entry.simulationId) ?? [])
        labels.push({
          trajectoryId: trajectory.id,
          label: entry.verdict,
          outcome: entry.outcome === null ? null : entry.outcome === "pass",
          rationale: entry.justification,
          costUsd: entry.costUsd,
          details: { ...entry.details, simulationId: entry.simulationId },
        });
    const notCompared = [...new Set(judge.entries.filter((e) => e.outcome === null).map((e) => e.verdict))].sort();
    outcome.judges.push({
      name: judge.name,
      model: judge.model,
      entries: judge.entries.length,
      attached: labels.length,
      labels: countLabels(judge.entries.map((e) => e.verdict)),
      notCompared,
    });
    return { name: judge.name, version: judge.model, labels };
  });
  const judgeLabels = judges.reduce((sum, judge) => sum + judge.labels.length, 0);
  const warnings = [...parsed.warnings];
  if (unmatched.length > 0)
    warnings.push(
      `${unmatched.length} simulation id(s) match no stored trajectory: ${unmatched.slice(0, LISTED_IDS).join(", ")}`,
    );
  const bundleId = randomUUID();
  try {
    await insertJudgeReview({
      bundle: {
        id: bundleId,
        contentHash: input.contentHash,
        fileName: input.fileName,
        sizeBytes: input.sizeBytes,
        format: JUDGE_REVIEW_FORMAT,
        uploadedBy: input.uploadedBy,
        counts: { judgeLabels },
        warnings,
      },
      judges,
    });
  } catch (error) {
    if (error instanceof DuplicateJudgeReviewError) {
      const found = await duplicateOf(input.contentHash);
      if (found) return found;
    }
    throw error;
  }
  const runs = new Map(trajectories.map((t) => [t.runId, { id: t.runId, name: t.runName }]));
  return {
    kind: "stored",
    duplicate: false,
    bundleId,
    runs: [...runs.values()].sort((a, b) => a.name.localeCompare(b.name)),
    judgeLabels,
    warnings,
    judgeReview: outcome,
  };
}
