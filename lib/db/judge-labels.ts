import { randomUUID } from "node:crypto";
import { db, type DbOrTx } from "./client";

/** A study item as a judge-verdict file may address it. */
export interface JudgeTargetItem {
  id: string;
  trajectoryId: string | null;
  runName: string;
  taskExternalId: string;
  trial: number;
  externalId: string | null;
}

export async function listJudgeTargetItems(
  { studyId }: { studyId: string },
  client: DbOrTx = db(),
): Promise<JudgeTargetItem[]> {
  const rows = await client.studyItem.findMany({
    where: { studyId },
    select: {
      id: true,
      trajectoryId: true,
      runName: true,
      taskExternalId: true,
      trial: true,
      trajectory: { select: { externalId: true } },
    },
  });
  return rows.map(({ trajectory, ...item }) => ({ ...item, externalId: trajectory?.externalId ?? null }));
}

export interface NewJudgeLabel {
  itemId: string;
  trajectoryId: string | null;
  dimension: string;
  label: string;
  rationale: string | null;
  confidence: number | null;
}

export interface NewJudgeImport {
  studyId: string;
  fileName: string;
  contentHash: string;
  importedBy: string;
  judges: { name: string; version: string; labels: NewJudgeLabel[] }[];
}

/** A file already imported into the study, or a judge version the study already has. */
export class DuplicateJudgeImportError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "DuplicateJudgeImportError";
  }
}

const LABEL_CHUNK = 5_000;

/**
 * Writes every judge of one file in one transaction: the duplicate checks run inside it, and the
 * unique (study, judge) import row makes two concurrent uploads of the same judge fail, not double up.
 */
export async function insertJudgeImport(input: NewJudgeImport): Promise<{ labels: number }> {
  return db().$transaction(
    async (tx) => {
      const sameFile = await tx.judgeImport.findFirst({
        where: { studyId: input.studyId, contentHash: input.contentHash },
        select: { fileName: true, createdAt: true },
      });
      if (sameFile)
        throw new DuplicateJudgeImportError(
          `this file was already imported (as ${sameFile.fileName} at ${sameFile.createdAt.toISOString()})`,
        );
      let labels = 0;
      for (const judge of input.judges) {
        const row = await tx.judge.upsert({
          where: { name_version: { name: judge.name, version: judge.version } },
          create: { name: judge.name, version: judge.version },
          update: {},
          select: { id: true },
        });
        const existing = await tx.judgeImport.findFirst({
          where: { studyId: input.studyId, judgeId: row.id },
          select: { fileName: true },
        });
        if (existing)
          throw new DuplicateJudgeImportError(
            `judge ${judge.name} ${judge.version} was already imported into this study (from ${existing.fileName})`,
          );
        const importId = randomUUID();
        await tx.judgeImport.create({
          data: {
            id: importId,
            studyId: input.studyId,
            judgeId: row.id,
            contentHash: input.contentHash,
            fileName: input.fileName,
            rows: judge.labels.length,
            importedBy: input.importedBy,
          },
        });
        for (let start = 0; start < judge.labels.length; start += LABEL_CHUNK) {
          const chunk = judge.labels.slice(start, start + LABEL_CHUNK);
          await tx.judgeLabel.createMany({
            data: chunk.map((label) => ({ ...label, judgeId: row.id, studyId: input.studyId, importId })),
          });
        }
        labels += judge.labels.length;
      }
      return { labels };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
}

export interface StudyJudgeLabelRow {
  itemId: string;
  judgeId: string;
  judgeName: string;
  judgeVersion: string;
  dimension: string;
  label: string;
}

/** Every imported judge verdict of a study: for admins and the report only, never for annotators. */
export async function listStudyJudgeLabels(
  { studyId }: { studyId: string },
  client: DbOrTx = db(),
): Promise<StudyJudgeLabelRow[]> {
  const rows = await client.judgeLabel.findMany({
    where: { studyId, itemId: { not: null } },
    select: {
      itemId: true,
      judgeId: true,
      dimension: true,
      label: true,
      judge: { select: { name: true, version: true } },
    },
    orderBy: [{ judgeId: "asc" }],
  });
  return rows.map((row) => ({
    itemId: row.itemId ?? "",
    judgeId: row.judgeId,
    judgeName: row.judge.name,
    judgeVersion: row.judge.version,
    dimension: row.dimension,
    label: row.label,
  }));
}

/** Verdicts imported into a study (the run judges' verdicts frozen at creation have no import and are not counted). */
export function countJudgeLabels({ studyId }: { studyId: string }, client: DbOrTx = db()): Promise<number> {
  return client.judgeLabel.count({ where: { studyId, importId: { not: null } } });
}
