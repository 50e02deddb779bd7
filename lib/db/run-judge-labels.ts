import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";
import { isUniqueViolation } from "./errors";

/** A stored trajectory a judge review may address by its source id (tau2's simulation id). */
export interface JudgedTrajectory {
  id: string;
  externalId: string;
  runId: string;
  runName: string;
}

export async function findTrajectoriesByExternalIds(
  { externalIds }: { externalIds: string[] },
  client: DbOrTx = db(),
): Promise<JudgedTrajectory[]> {
  if (externalIds.length === 0) return [];
  const rows = await client.trajectory.findMany({
    where: { externalId: { in: externalIds }, run: { deletedAt: null } },
    select: { id: true, externalId: true, runId: true, run: { select: { name: true } } },
  });
  return rows.map((row) => ({ id: row.id, externalId: row.externalId ?? "", runId: row.runId, runName: row.run.name }));
}

export interface NewRunJudgeLabel {
  trajectoryId: string;
  label: string;
  outcome: boolean | null;
  rationale: string | null;
  costUsd: number | null;
  details: Prisma.InputJsonObject;
}

export interface NewJudgeReview {
  bundle: {
    id: string;
    contentHash: string;
    fileName: string;
    sizeBytes: number;
    format: string;
    uploadedBy: string | null;
    counts: Prisma.InputJsonObject;
    warnings: string[];
  };
  judges: { name: string; version: string; labels: NewRunJudgeLabel[] }[];
}

/** The same bytes were stored before (the bundle's unique content hash). */
export class DuplicateJudgeReviewError extends Error {}

const LABEL_CHUNK = 5_000;

/** One transaction: the review's bundle row (its hash makes a repeat a duplicate), its judges and their verdicts. */
export async function insertJudgeReview(input: NewJudgeReview): Promise<void> {
  try {
    await db().$transaction(
      async (tx) => {
        await tx.bundle.create({ data: { ...input.bundle, sizeBytes: BigInt(input.bundle.sizeBytes) } });
        for (const judge of input.judges) {
          const row = await tx.judge.upsert({
            where: { name_version: { name: judge.name, version: judge.version } },
            create: { name: judge.name, version: judge.version },
            update: {},
            select: { id: true },
          });
          for (let start = 0; start < judge.labels.length; start += LABEL_CHUNK) {
            await tx.judgeLabel.createMany({
              data: judge.labels.slice(start, start + LABEL_CHUNK).map((label) => ({
                ...label,
                judgeId: row.id,
                bundleId: input.bundle.id,
                dimension: "outcome",
              })),
            });
          }
        }
      },
      { timeout: 120_000, maxWait: 10_000 },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateJudgeReviewError("this judge review was already uploaded");
    throw error;
  }
}

/** The runs a stored judge review attached verdicts to. */
export async function listJudgeReviewRuns(
  { bundleId }: { bundleId: string },
  client: DbOrTx = db(),
): Promise<{ id: string; name: string }[]> {
  const rows = await client.run.findMany({
    where: { deletedAt: null, trajectories: { some: { judgeLabels: { some: { bundleId } } } } },
    select: { id: true, name: true },
    orderBy: { name: "asc" },
  });
  return rows;
}

export interface RunJudgeLabelRow {
  trajectoryId: string;
  judgeName: string;
  judgeVersion: string;
  label: string;
  outcome: boolean | null;
  rationale: string | null;
  costUsd: number | null;
  details: Prisma.JsonValue;
}

/** Every uploaded judge verdict on a run's trajectories (study imports excluded: they belong to their study). */
export async function listRunJudgeLabels(
  { runId }: { runId: string },
  client: DbOrTx = db(),
): Promise<RunJudgeLabelRow[]> {
  const rows = await client.judgeLabel.findMany({
    where: { bundleId: { not: null }, trajectory: { runId } },
    select: {
      trajectoryId: true,
      label: true,
      outcome: true,
      rationale: true,
      costUsd: true,
      details: true,
      judge: { select: { name: true, version: true } },
    },
    orderBy: [{ judgeId: "asc" }, { trajectoryId: "asc" }],
  });
  return rows.map(({ judge, trajectoryId, ...row }) => ({
    ...row,
    trajectoryId: trajectoryId ?? "",
    judgeName: judge.name,
    judgeVersion: judge.version,
  }));
}

/** One trajectory's uploaded judge verdicts (shown beside the benchmark's verdict on its timeline). */
export async function listTrajectoryJudgeLabels(
  { trajectoryId }: { trajectoryId: string },
  client: DbOrTx = db(),
): Promise<RunJudgeLabelRow[]> {
  const rows = await client.judgeLabel.findMany({
    where: { bundleId: { not: null }, trajectoryId },
    select: {
      trajectoryId: true,
      label: true,
      outcome: true,
      rationale: true,
      costUsd: true,
      details: true,
      judge: { select: { name: true, version: true } },
    },
    orderBy: [{ judgeId: "asc" }],
  });
  return rows.map(({ judge, ...row }) => ({
    ...row,
    trajectoryId,
    judgeName: judge.name,
    judgeVersion: judge.version,
  }));
}

/** A trajectory's outcome and the judge columns its upload filled: what every judge view reads. */
const judgeColumns = {
  success: true,
  judgeName: true,
  judgeGoalCompleted: true,
  judgeRationale: true,
  judgeTurnLabels: true,
  rewardBreakdown: true,
} satisfies Prisma.TrajectorySelect;

/** A run's trajectories with their outcome and the judge columns their upload filled. */
export async function listRunJudgedTrajectories({ runId }: { runId: string }, client: DbOrTx = db()) {
  return client.trajectory.findMany({
    where: { runId, run: { deletedAt: null } },
    select: { id: true, trial: true, ...judgeColumns, task: { select: { externalId: true } } },
    orderBy: [{ task: { externalId: "asc" } }, { trial: "asc" }],
  });
}

export async function runExists({ runId }: { runId: string }, client: DbOrTx = db()): Promise<boolean> {
  return (await client.run.count({ where: { id: runId, deletedAt: null } })) > 0;
}

/**
 * What every judge said about some trajectories (a study's sample): the columns their upload filled, their outcome,
 * and the uploaded judge reviews' verdicts (study imports excluded).
 */
export async function listTrajectoryVerdictSources(
  { trajectoryIds }: { trajectoryIds: string[] },
  client: DbOrTx = db(),
) {
  if (trajectoryIds.length === 0) return { trajectories: [], uploaded: [] };
  const [trajectories, uploaded] = await Promise.all([
    client.trajectory.findMany({
      where: { id: { in: trajectoryIds } },
      select: { id: true, ...judgeColumns },
    }),
    client.judgeLabel.findMany({
      where: { bundleId: { not: null }, trajectoryId: { in: trajectoryIds } },
      select: {
        trajectoryId: true,
        label: true,
        outcome: true,
        rationale: true,
        judge: { select: { name: true, version: true } },
      },
    }),
  ]);
  return {
    trajectories,
    uploaded: uploaded.map(({ judge, trajectoryId, ...row }) => ({
      ...row,
      trajectoryId: trajectoryId ?? "",
      judgeName: judge.name,
      judgeVersion: judge.version,
    })),
  };
}
