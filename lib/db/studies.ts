import { randomUUID } from "node:crypto";
import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

export const studySelect = {
  id: true,
  name: true,
  instructions: true,
  status: true,
  blind: true,
  annotatorsPerItem: true,
  sampleSize: true,
  source: true,
  sampling: true,
  rubric: true,
  createdByName: true,
  createdAt: true,
  closedAt: true,
  annotators: { select: { userId: true, name: true, orderSeed: true }, orderBy: { name: "asc" } },
  _count: { select: { items: true } },
} satisfies Prisma.StudySelect;
export type StudyRow = Prisma.StudyGetPayload<{ select: typeof studySelect }>;

export function findStudy({ studyId }: { studyId: string }, client: DbOrTx = db()): Promise<StudyRow | null> {
  return client.study.findUnique({ where: { id: studyId }, select: studySelect });
}

/** All studies (admins), or only those a user is assigned to. */
export function listStudyRows(
  { annotatorId }: { annotatorId: string | null },
  client: DbOrTx = db(),
): Promise<StudyRow[]> {
  return client.study.findMany({
    where: annotatorId === null ? {} : { annotators: { some: { userId: annotatorId } } },
    select: studySelect,
    orderBy: { createdAt: "desc" },
  });
}

export async function setStudyStatus(
  { studyId, status, now }: { studyId: string; status: "open" | "closed"; now: Date },
  client: DbOrTx = db(),
): Promise<boolean> {
  const result = await client.study.updateMany({
    where: { id: studyId },
    data: { status, closedAt: status === "closed" ? now : null },
  });
  return result.count > 0;
}

export interface NewStudyRow {
  name: string;
  instructions: string;
  blind: boolean;
  annotatorsPerItem: number;
  sampleSize: number;
  source: Prisma.InputJsonValue;
  sampling: Prisma.InputJsonValue;
  rubric: Prisma.InputJsonValue;
  createdById: string | null;
  createdByName: string;
}

/** A run judge's verdict on an item's trajectory, frozen with the study (lib/server/studies/freeze-run-judges.ts). */
export interface FrozenVerdict {
  judgeName: string;
  judgeVersion: string;
  /** "pass" or "fail", under the report's pass / fail dimension. */
  label: string;
  rationale: string | null;
  /** The judge's own words (e.g. "satisfied", "2 of 3 not met"). */
  verdict: string;
}

/** A new annotator account created with the study (the form's inline annotators). */
export interface NewAnnotatorAccount {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
}

/** Some inline annotator's email is taken: the study and every account of it are rolled back. */
export class AnnotatorEmailTakenError extends Error {}

export interface NewStudyItem {
  trajectoryId: string;
  runId: string;
  runName: string;
  taskExternalId: string;
  trial: number;
  stratum: string | null;
  judge: Record<string, string | null>;
  annotatorIds: string[];
  verdicts: FrozenVerdict[];
}

/** Rows per createMany: 9 columns x 2,000 stays far below PostgreSQL's 65,535 bind parameters per statement. */
const ITEM_CHUNK = 2_000;
/** A 2,000-item study with three annotators writes ~6,000 assignments; generous beyond Prisma's 5 s default. */
const STUDY_WRITE_TIMEOUT_MS = 120_000;

function chunksOf<T>(rows: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}

/**
 * Writes a study with its frozen items and assignments in one transaction. Items and assignments
 * go in as a few chunked multi-row inserts: one insert per item (the former N+1) ran a 1,098-item
 * study past the interactive transaction's 5 s default and failed it with a generic server error.
 */
export async function insertStudy({
  study,
  annotators,
  items,
  accounts = [],
  verdictDimension,
}: {
  study: NewStudyRow;
  annotators: { userId: string; name: string; orderSeed: number }[];
  items: NewStudyItem[];
  /** Accounts created in the same transaction: a study that fails leaves no stray annotator behind. */
  accounts?: NewAnnotatorAccount[];
  /** The rubric dimension the frozen verdicts are stored under. */
  verdictDimension: string;
}): Promise<{ id: string }> {
  return db().$transaction(
    async (tx) => {
      if (accounts.length > 0) {
        const taken = await tx.user.findMany({
          where: { email: { in: accounts.map((account) => account.email) } },
          select: { email: true },
        });
        if (taken.length > 0)
          throw new AnnotatorEmailTakenError(`a user with email ${taken.map((user) => user.email).join(", ")} exists`);
        await tx.user.createMany({ data: accounts.map((account) => ({ ...account, role: "annotator" })) });
      }
      const created = await tx.study.create({
        data: { ...study, annotators: { create: annotators } },
        select: { id: true },
      });
      const rows = items.map((item, index) => {
        const { annotatorIds, verdicts, ...snapshot } = item;
        return {
          id: randomUUID(),
          annotatorIds,
          verdicts,
          data: { ...snapshot, studyId: created.id, position: index + 1 },
        };
      });
      for (const chunk of chunksOf(rows, ITEM_CHUNK))
        await tx.studyItem.createMany({ data: chunk.map((row) => ({ id: row.id, ...row.data })) });
      const assignments = rows.flatMap((row) =>
        row.annotatorIds.map((userId) => ({ itemId: row.id, studyId: created.id, userId })),
      );
      for (const chunk of chunksOf(assignments, ITEM_CHUNK * 5)) await tx.studyAssignment.createMany({ data: chunk });
      const judgeIds = new Map<string, string>();
      for (const verdict of rows.flatMap((row) => row.verdicts)) {
        const key = `${verdict.judgeName}\u0000${verdict.judgeVersion}`;
        if (judgeIds.has(key)) continue;
        const judge = await tx.judge.upsert({
          where: { name_version: { name: verdict.judgeName, version: verdict.judgeVersion } },
          create: { name: verdict.judgeName, version: verdict.judgeVersion },
          update: {},
          select: { id: true },
        });
        judgeIds.set(key, judge.id);
      }
      const verdictRows = rows.flatMap((row) =>
        row.verdicts.map((verdict) => ({
          judgeId: judgeIds.get(`${verdict.judgeName}\u0000${verdict.judgeVersion}`) ?? "",
          studyId: created.id,
          itemId: row.id,
          // No trajectory link: its foreign key cascades, and a frozen verdict must outlive a deleted run like the item.
          trajectoryId: null,
          dimension: verdictDimension,
          label: verdict.label,
          rationale: verdict.rationale,
          details: { verdict: verdict.verdict },
        })),
      );
      for (const chunk of chunksOf(verdictRows, ITEM_CHUNK * 2)) await tx.judgeLabel.createMany({ data: chunk });
      return created;
    },
    { timeout: STUDY_WRITE_TIMEOUT_MS, maxWait: 10_000 },
  );
}

export const candidateSelect = {
  id: true,
  runId: true,
  trial: true,
  success: true,
  stopReason: true,
  userTurns: true,
  judgeGoalCompleted: true,
  judgeErrorSource: true,
  judgeToolHallucination: true,
  judgeUserHallucination: true,
  run: { select: { name: true } },
  task: { select: { externalId: true } },
} satisfies Prisma.TrajectorySelect;
export type CandidateRow = Prisma.TrajectoryGetPayload<{ select: typeof candidateSelect }>;

export function listStudyCandidates({ runIds }: { runIds: string[] }, client: DbOrTx = db()): Promise<CandidateRow[]> {
  return client.trajectory.findMany({
    where: { runId: { in: runIds }, run: { deletedAt: null } },
    select: candidateSelect,
  });
}

export async function listRunIdsOfSuite({ suiteId }: { suiteId: string }, client: DbOrTx = db()): Promise<string[]> {
  const runs = await client.run.findMany({ where: { suiteId, deletedAt: null }, select: { id: true } });
  return runs.map((run) => run.id);
}

export async function countExistingRuns({ runIds }: { runIds: string[] }, client: DbOrTx = db()): Promise<number> {
  return client.run.count({ where: { id: { in: runIds }, deletedAt: null } });
}

/** People who may be assigned: annotators and admins. */
export function listAssignableUsers(
  client: DbOrTx = db(),
): Promise<{ id: string; name: string; email: string; role: string }[]> {
  return client.user.findMany({
    where: { role: { in: ["annotator", "admin"] } },
    select: { id: true, name: true, email: true, role: true },
    orderBy: { name: "asc" },
  });
}

export function findUsersByEmailOrName(
  { keys }: { keys: string[] },
  client: DbOrTx = db(),
): Promise<{ id: string; name: string; email: string }[]> {
  return client.user.findMany({
    where: { OR: [{ email: { in: keys.map((key) => key.toLowerCase()) } }, { name: { in: keys } }] },
    select: { id: true, name: true, email: true },
  });
}
