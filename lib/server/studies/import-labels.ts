import { findUsersByEmailOrName } from "@/lib/db/studies";
import { listStudyItemsWithJudge } from "@/lib/db/study-items";
import { upsertImportedLabels, type ImportedLabel } from "@/lib/db/study-labels";
import { recordAudit } from "@/lib/db/accounts";
import { itemReference } from "@/lib/presenters/agreement-inputs";
import { ERROR_TAGS_KEY, ErrorTagsSchema } from "@/lib/presenters/study-rubric";
import { AppError } from "../app-error";
import type { Actor } from "../auth/roles";
import { loadStudyFor, type Study } from "./load-study";
import { readLabelCsv, type LabelImportRow } from "./parse-label-csv";

const MAX_ISSUES = 200;

function checkLabel(study: Study, row: LabelImportRow): string | null {
  if (row.dimension === ERROR_TAGS_KEY) {
    if (!study.rubric.errorTags) return "this rubric has no error tags";
    try {
      return ErrorTagsSchema.safeParse(JSON.parse(row.label)).success
        ? null
        : "error tags must be a JSON array of {turn, source, severity}";
    } catch {
      return "error tags must be JSON";
    }
  }
  const dimension = study.rubric.dimensions.find((d) => d.key === row.dimension);
  if (!dimension)
    return `unknown dimension "${row.dimension}" (rubric: ${study.rubric.dimensions.map((d) => d.key).join(", ")})`;
  if (dimension.kind === "categorical" && !dimension.options.some((o) => o.value === row.label)) {
    return `"${row.label}" is not an option of ${row.dimension} (${dimension.options.map((o) => o.value).join(", ")})`;
  }
  return null;
}

/**
 * Imports labels made elsewhere (CSV: item, annotator, dimension, label). The item is the study
 * item id or `runName/taskExternalId/trial`; an annotator matching a user's email or name is
 * that user, anyone else is stored as an external name. Any invalid row: 422, nothing stored.
 */
export async function importLabels(
  actor: Actor,
  studyId: string,
  csv: string,
): Promise<{ imported: number; external: string[] }> {
  const study = await loadStudyFor(actor, studyId);
  const { rows, issues } = readLabelCsv(csv);
  const items = await listStudyItemsWithJudge({ studyId });
  const byReference = new Map(
    items.flatMap(
      (item) =>
        [
          [item.id, item.id],
          [itemReference(item), item.id],
        ] as const,
    ),
  );
  const users = await findUsersByEmailOrName({ keys: [...new Set(rows.map((row) => row.annotator))] });
  const seen = new Set<string>();
  const labels: ImportedLabel[] = [];
  const external = new Set<string>();
  for (const row of rows) {
    const itemId = byReference.get(row.item);
    if (!itemId) {
      issues.push({
        line: row.line,
        message: `no item "${row.item}" in this study (use the item id or runName/taskExternalId/trial)`,
      });
      continue;
    }
    const problem = checkLabel(study, row);
    if (problem) {
      issues.push({ line: row.line, message: problem });
      continue;
    }
    const user = users.find((u) => u.email === row.annotator.toLowerCase() || u.name === row.annotator);
    const annotatorKey = user ? user.id : `external:${row.annotator}`;
    const key = `${itemId}\u0000${annotatorKey}\u0000${row.dimension}`;
    if (seen.has(key)) {
      issues.push({
        line: row.line,
        message: `duplicate label of ${row.item} by ${row.annotator} on ${row.dimension}`,
      });
      continue;
    }
    seen.add(key);
    if (!user) external.add(row.annotator);
    labels.push({
      itemId,
      annotatorKey,
      annotatorId: user?.id ?? null,
      annotatorName: user?.name ?? row.annotator,
      dimension: row.dimension,
      value: row.label,
    });
  }
  if (issues.length > 0) {
    const sorted = issues.sort((a, b) => a.line - b.line);
    throw new AppError("unprocessable", `${issues.length} invalid row(s); nothing was imported`, {
      issues: sorted.slice(0, MAX_ISSUES),
      totalIssues: issues.length,
    });
  }
  const imported = await upsertImportedLabels({ studyId, labels, now: new Date() });
  await recordAudit({
    actorId: actor.userId,
    actorName: actor.name,
    action: "import_labels",
    target: studyId,
    details: { imported },
  });
  return { imported, external: [...external].sort() };
}
