import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

/** What identifies an item, frozen at creation; no judge labels (see findItemForAnnotator). */
export const studyItemSelect = {
  id: true,
  studyId: true,
  position: true,
  trajectoryId: true,
  runId: true,
  runName: true,
  taskExternalId: true,
  trial: true,
  stratum: true,
} satisfies Prisma.StudyItemSelect;
export type StudyItemRow = Prisma.StudyItemGetPayload<{ select: typeof studyItemSelect }>;

export const studyItemWithJudgeSelect = {
  ...studyItemSelect,
  judge: true,
  assignments: { select: { userId: true } },
} satisfies Prisma.StudyItemSelect;
export type StudyItemWithJudgeRow = Prisma.StudyItemGetPayload<{ select: typeof studyItemWithJudgeSelect }>;

/** Every item with its frozen judge labels and assignments: for admins and the report only. */
export function listStudyItemsWithJudge(
  { studyId }: { studyId: string },
  client: DbOrTx = db(),
): Promise<StudyItemWithJudgeRow[]> {
  return client.studyItem.findMany({
    where: { studyId },
    select: studyItemWithJudgeSelect,
    orderBy: { position: "asc" },
  });
}

/** An annotator's queue: only their assigned items, never the judge's labels. */
export function listAssignedItems(
  { studyId, userId }: { studyId: string; userId: string },
  client: DbOrTx = db(),
): Promise<StudyItemRow[]> {
  return client.studyItem.findMany({
    where: { studyId, assignments: { some: { userId } } },
    select: studyItemSelect,
    orderBy: { position: "asc" },
  });
}

export interface AnnotatorItem {
  item: StudyItemRow;
  blind: boolean;
  /** The frozen judge labels, only when the study is not blind. */
  judge: Prisma.JsonValue | null;
}

/**
 * An item as its assigned annotator may see it. The study's blind flag is read here, in the data
 * layer, so no caller can ask for the judge's labels of a blind study by mistake.
 */
export async function findItemForAnnotator(
  { studyId, itemId, userId }: { studyId: string; itemId: string; userId: string },
  client: DbOrTx = db(),
): Promise<AnnotatorItem | null> {
  const study = await client.study.findUnique({ where: { id: studyId }, select: { blind: true } });
  if (!study) return null;
  const where = { id: itemId, studyId, assignments: { some: { userId } } };
  if (study.blind) {
    const item = await client.studyItem.findFirst({ where, select: studyItemSelect });
    return item ? { item, blind: true, judge: null } : null;
  }
  const row = await client.studyItem.findFirst({ where, select: { ...studyItemSelect, judge: true } });
  if (!row) return null;
  const { judge, ...item } = row;
  return { item, blind: false, judge };
}

export function findStudyItem(
  { studyId, itemId }: { studyId: string; itemId: string },
  client: DbOrTx = db(),
): Promise<StudyItemRow | null> {
  return client.studyItem.findFirst({ where: { id: itemId, studyId }, select: studyItemSelect });
}

export async function isAssigned(
  { itemId, userId }: { itemId: string; userId: string },
  client: DbOrTx = db(),
): Promise<boolean> {
  return (await client.studyAssignment.count({ where: { itemId, userId } })) > 0;
}

export async function countAssignments(
  { studyId }: { studyId: string },
  client: DbOrTx = db(),
): Promise<Map<string, number>> {
  const rows = await client.studyAssignment.groupBy({ by: ["userId"], where: { studyId }, _count: { _all: true } });
  return new Map(rows.map((row) => [row.userId, row._count._all]));
}

/** A trajectory as a blind annotator sees it: no judge column is selected at all. */
export const blindTrajectorySelect = {
  id: true,
  runId: true,
  taskId: true,
  trial: true,
  eventCount: true,
  userTurns: true,
  toolCallCount: true,
  toolErrorCount: true,
  finalReply: true,
  finalReplyInferred: true,
  stopReason: true,
  stopReasonInferred: true,
} satisfies Prisma.TrajectorySelect;
export type BlindTrajectoryRow = Prisma.TrajectoryGetPayload<{ select: typeof blindTrajectorySelect }>;

export function findBlindTrajectory(
  { trajectoryId }: { trajectoryId: string },
  client: DbOrTx = db(),
): Promise<BlindTrajectoryRow | null> {
  return client.trajectory.findFirst({
    where: { id: trajectoryId, run: { deletedAt: null } },
    select: blindTrajectorySelect,
  });
}

/** Runs whose items `userId` labels in an open blind study (the runs that must stay unidentified to them). */
export async function listBlindRunIds({ userId }: { userId: string }, client: DbOrTx = db()): Promise<string[]> {
  const rows = await client.studyItem.findMany({
    where: { study: { status: "open", blind: true, annotators: { some: { userId } } } },
    select: { runId: true },
    distinct: ["runId"],
  });
  return rows.map((row) => row.runId);
}

/** Records the first time an assigned annotator opens an item; later opens keep that first moment. */
export async function markItemOpened(
  { itemId, userId, now }: { itemId: string; userId: string; now: Date },
  client: DbOrTx = db(),
): Promise<void> {
  await client.studyAssignment.updateMany({ where: { itemId, userId, openedAt: null }, data: { openedAt: now } });
}
