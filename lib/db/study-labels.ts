import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

export const studyLabelSelect = {
  itemId: true,
  annotatorKey: true,
  annotatorName: true,
  dimension: true,
  value: true,
  version: true,
  updatedAt: true,
} satisfies Prisma.StudyLabelSelect;
export type StudyLabelRow = Prisma.StudyLabelGetPayload<{ select: typeof studyLabelSelect }>;

/** All labels of a study: admins and the report only. */
export function listStudyLabels({ studyId }: { studyId: string }, client: DbOrTx = db()): Promise<StudyLabelRow[]> {
  return client.studyLabel.findMany({
    where: { studyId },
    select: studyLabelSelect,
    orderBy: [{ itemId: "asc" }, { annotatorKey: "asc" }, { dimension: "asc" }],
  });
}

/** Labels an annotator may see on one item: their own, plus their peers' when the study is not blind. */
export async function listItemLabelsVisibleTo(
  { studyId, itemId, userId }: { studyId: string; itemId: string; userId: string },
  client: DbOrTx = db(),
): Promise<StudyLabelRow[]> {
  const study = await client.study.findUnique({ where: { id: studyId }, select: { blind: true } });
  if (!study) return [];
  return client.studyLabel.findMany({
    where: { studyId, itemId, ...(study.blind ? { annotatorKey: userId } : {}) },
    select: studyLabelSelect,
    orderBy: { dimension: "asc" },
  });
}

/** Own labels across the study (queue progress): always filtered to the annotator. */
export function listOwnLabels(
  { studyId, userId }: { studyId: string; userId: string },
  client: DbOrTx = db(),
): Promise<{ itemId: string; dimension: string }[]> {
  return client.studyLabel.findMany({
    where: { studyId, annotatorKey: userId },
    select: { itemId: true, dimension: true },
  });
}

export interface LabelTiming {
  itemId: string;
  annotatorKey: string;
  seconds: number;
}

/** Seconds from opening an item to saving each label, where the app measured them (never for imports). */
export async function listLabelTimings(
  { studyId }: { studyId: string },
  client: DbOrTx = db(),
): Promise<LabelTiming[]> {
  const rows = await client.studyLabel.findMany({
    where: { studyId, seconds: { not: null } },
    select: { itemId: true, annotatorKey: true, seconds: true },
  });
  return rows.flatMap((row) => (row.seconds === null ? [] : [{ ...row, seconds: row.seconds }]));
}

export class StaleLabelError extends Error {
  constructor(readonly dimensions: string[]) {
    super(`changed elsewhere since you loaded it: ${dimensions.join(", ")}`);
    this.name = "StaleLabelError";
  }
}

export interface OwnLabelWrite {
  dimension: string;
  value: string;
  /** The version the annotator loaded; 0 when they saw no label. */
  expectedVersion: number;
}

/**
 * Writes only the annotator's own rows, each guarded by the version they loaded: a write
 * based on an older version (another tab, a double submit) changes nothing and throws
 * StaleLabelError, rolling back the whole save.
 */
export async function saveOwnLabels({
  studyId,
  itemId,
  annotator,
  writes,
  now,
}: {
  studyId: string;
  itemId: string;
  annotator: { id: string; name: string };
  writes: OwnLabelWrite[];
  now: Date;
}): Promise<StudyLabelRow[]> {
  return db().$transaction(async (tx) => {
    const stale: string[] = [];
    const assignment = await tx.studyAssignment.findUnique({
      where: { itemId_userId: { itemId, userId: annotator.id } },
      select: { openedAt: true },
    });
    // Time from the first open of the item to the label's first save; edits keep it.
    const seconds = assignment?.openedAt ? Math.max(0, (now.getTime() - assignment.openedAt.getTime()) / 1000) : null;
    for (const write of writes) {
      const key = { itemId, annotatorKey: annotator.id, dimension: write.dimension };
      if (write.expectedVersion === 0) {
        const created = await tx.studyLabel.createMany({
          data: [
            {
              ...key,
              studyId,
              annotatorId: annotator.id,
              annotatorName: annotator.name,
              value: write.value,
              seconds,
              createdAt: now,
              updatedAt: now,
            },
          ],
          skipDuplicates: true,
        });
        if (created.count === 0) stale.push(write.dimension);
      } else {
        const updated = await tx.studyLabel.updateMany({
          where: { ...key, version: write.expectedVersion },
          data: { value: write.value, version: { increment: 1 }, updatedAt: now },
        });
        if (updated.count === 0) stale.push(write.dimension);
      }
    }
    if (stale.length > 0) throw new StaleLabelError(stale);
    return tx.studyLabel.findMany({
      where: { itemId, annotatorKey: annotator.id },
      select: studyLabelSelect,
      orderBy: { dimension: "asc" },
    });
  });
}

export interface ImportedLabel {
  itemId: string;
  annotatorKey: string;
  annotatorId: string | null;
  annotatorName: string;
  dimension: string;
  value: string;
}

const IMPORT_SLICE = 5000;

/**
 * Imported labels replace earlier ones of the same item x annotator x dimension; all or nothing. One
 * INSERT ... ON CONFLICT per slice of 5,000 rows (a row-by-row upsert of 18,000 labels outran the
 * interactive transaction's timeout and answered a generic 500). A later row of the same key wins.
 */
export async function upsertImportedLabels({
  studyId,
  labels,
  now,
}: {
  studyId: string;
  labels: ImportedLabel[];
  now: Date;
}): Promise<number> {
  const unique = [
    ...new Map(
      labels.map((label) => [`${label.itemId}\u0000${label.annotatorKey}\u0000${label.dimension}`, label]),
    ).values(),
  ];
  await db().$transaction(
    async (tx) => {
      for (let start = 0; start < unique.length; start += IMPORT_SLICE) {
        const slice = unique.slice(start, start + IMPORT_SLICE);
        await tx.$executeRaw`
          INSERT INTO "StudyLabel" ("id", "studyId", "itemId", "annotatorKey", "annotatorId", "annotatorName",
                                    "dimension", "value", "createdAt", "updatedAt")
          SELECT gen_random_uuid()::text, ${studyId}, t.item, t.akey, t.aid, t.aname, t.dim, t.val, ${now}, ${now}
          FROM unnest(${slice.map((l) => l.itemId)}::text[], ${slice.map((l) => l.annotatorKey)}::text[],
                      ${slice.map((l) => l.annotatorId)}::text[], ${slice.map((l) => l.annotatorName)}::text[],
                      ${slice.map((l) => l.dimension)}::text[], ${slice.map((l) => l.value)}::text[])
               AS t(item, akey, aid, aname, dim, val)
          ON CONFLICT ("itemId", "annotatorKey", "dimension") DO UPDATE
          SET "value" = EXCLUDED."value", "annotatorName" = EXCLUDED."annotatorName",
              "version" = "StudyLabel"."version" + 1, "updatedAt" = EXCLUDED."updatedAt"`;
      }
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
  return labels.length;
}

export const adjudicationSelect = {
  itemId: true,
  dimension: true,
  value: true,
  adjudicator: true,
  note: true,
  updatedAt: true,
} satisfies Prisma.StudyAdjudicationSelect;
export type AdjudicationRow = Prisma.StudyAdjudicationGetPayload<{ select: typeof adjudicationSelect }>;

export function listAdjudications({ studyId }: { studyId: string }, client: DbOrTx = db()): Promise<AdjudicationRow[]> {
  return client.studyAdjudication.findMany({ where: { item: { studyId } }, select: adjudicationSelect });
}

export async function upsertAdjudication(
  {
    itemId,
    dimension,
    value,
    adjudicatorId,
    adjudicator,
    note,
    now,
  }: {
    itemId: string;
    dimension: string;
    value: string;
    adjudicatorId: string | null;
    adjudicator: string;
    note: string;
    now: Date;
  },
  client: DbOrTx = db(),
): Promise<void> {
  await client.studyAdjudication.upsert({
    where: { itemId_dimension: { itemId, dimension } },
    create: { itemId, dimension, value, adjudicatorId, adjudicator, note, updatedAt: now },
    update: { value, adjudicatorId, adjudicator, note, updatedAt: now },
  });
}
