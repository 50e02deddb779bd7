import { createHash } from "node:crypto";
import { recordAudit } from "@/lib/db/accounts";
import {
  DuplicateJudgeImportError,
  insertJudgeImport,
  listJudgeTargetItems,
  type JudgeTargetItem,
  type NewJudgeLabel,
} from "@/lib/db/judge-labels";
import { AppError } from "../app-error";
import type { Actor } from "../auth/roles";
import { loadStudyForImport, type Study } from "./load-study";
import { readJudgeLabels, type JudgeLabelIssue, type JudgeLabelRow, type JudgeTarget } from "./parse-judge-labels";

const MAX_ISSUES = 200;

export interface JudgeImportResult {
  imported: number;
  judges: { name: string; version: string; labels: number }[];
}

function targetIndex(items: readonly JudgeTargetItem[]) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const byTrial = new Map(
    items.map((item) => [`${item.runName}\u0000${item.taskExternalId}\u0000${item.trial}`, item]),
  );
  const byExternal = new Map(
    items.flatMap((item) => (item.externalId ? [[`${item.runName}\u0000${item.externalId}`, item] as const] : [])),
  );
  return (target: JudgeTarget): JudgeTargetItem | undefined =>
    target.kind === "item"
      ? byId.get(target.itemId)
      : target.kind === "trial"
        ? byTrial.get(`${target.run}\u0000${target.task}\u0000${target.trial}`)
        : byExternal.get(`${target.run}\u0000${target.externalId}`);
}

function describeTarget(target: JudgeTarget): { column: string; value: string } {
  if (target.kind === "item") return { column: "item", value: target.itemId };
  if (target.kind === "trial") return { column: "run", value: `${target.run}/${target.task}/${target.trial}` };
  return { column: "external_id", value: `${target.run}/${target.externalId}` };
}

function checkDimension(study: Study, row: JudgeLabelRow): JudgeLabelIssue | null {
  const dimension = study.rubric.dimensions.find((d) => d.key === row.dimension);
  if (!dimension || dimension.kind !== "categorical")
    return {
      line: row.line,
      column: "dimension",
      value: row.dimension,
      message: `not a categorical dimension of this rubric (${study.rubric.dimensions
        .filter((d) => d.kind === "categorical")
        .map((d) => d.key)
        .join(", ")})`,
    };
  if (!dimension.options.some((option) => option.value === row.label))
    return {
      line: row.line,
      column: "label",
      value: row.label,
      message: `not an option of ${row.dimension} (${dimension.options.map((o) => o.value).join(", ")})`,
    };
  return null;
}

/**
 * Imports one file of judge verdicts (CSV or JSONL, see docs/annotation.md) into a study. Every bad
 * row is reported with line, column and value and nothing is written; the same file, or a judge
 * version the study already has, is a 409 duplicate.
 */
export async function importJudgeLabels(
  actor: Actor,
  studyId: string,
  text: string,
  fileName = "verdicts",
): Promise<JudgeImportResult> {
  const study = await loadStudyForImport(actor, studyId);
  const { rows, issues } = readJudgeLabels(text, fileName);
  const find = targetIndex(await listJudgeTargetItems({ studyId }));
  const judges = new Map<string, { name: string; version: string; labels: NewJudgeLabel[] }>();
  const seen = new Set<string>();
  for (const row of rows) {
    const item = find(row.target);
    if (!item) {
      issues.push({ ...describeTarget(row.target), line: row.line, message: "no such item in this study" });
      continue;
    }
    const problem = checkDimension(study, row);
    if (problem) {
      issues.push(problem);
      continue;
    }
    const judgeKey = `${row.judge}\u0000${row.version}`;
    const key = `${judgeKey}\u0000${item.id}\u0000${row.dimension}`;
    if (seen.has(key)) {
      issues.push({
        ...describeTarget(row.target),
        line: row.line,
        message: `a second verdict of ${row.judge} ${row.version} on ${row.dimension} for this item`,
      });
      continue;
    }
    seen.add(key);
    const judge = judges.get(judgeKey) ?? { name: row.judge, version: row.version, labels: [] };
    judge.labels.push({
      itemId: item.id,
      trajectoryId: item.trajectoryId,
      dimension: row.dimension,
      label: row.label,
      rationale: row.rationale,
      confidence: row.confidence,
    });
    judges.set(judgeKey, judge);
  }
  if (issues.length > 0) {
    const sorted = issues.sort((a, b) => a.line - b.line);
    throw new AppError("unprocessable", `${issues.length} invalid row(s); nothing was imported`, {
      issues: sorted.slice(0, MAX_ISSUES),
      totalIssues: issues.length,
    });
  }
  const contentHash = createHash("sha256").update(text).digest("hex");
  try {
    const { labels } = await insertJudgeImport({
      studyId,
      fileName,
      contentHash,
      importedBy: actor.name,
      judges: [...judges.values()],
    });
    await recordAudit({
      actorId: actor.userId,
      actorName: actor.name,
      action: "import_judge_labels",
      target: studyId,
      details: { labels, judges: [...judges.values()].map((j) => `${j.name} ${j.version}`) },
    });
    return {
      imported: labels,
      judges: [...judges.values()].map((j) => ({ name: j.name, version: j.version, labels: j.labels.length })),
    };
  } catch (error) {
    if (error instanceof DuplicateJudgeImportError)
      throw new AppError("conflict", `duplicate import: ${error.reason}`, { duplicate: true });
    throw error;
  }
}
