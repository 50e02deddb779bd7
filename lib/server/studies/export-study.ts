import { labelsExportTable, reportExportTable } from "@/lib/presenters/agreement-export";
import { toCsv } from "@/lib/presenters/export-table";
import type { Actor } from "../auth/roles";
import { downloadResponse, fileSlug } from "../download";
import { getStudyReport } from "./get-agreement";

function studyFile(study: { name: string }, suffix: string): string {
  return `${fileSlug(study.name, "study")}-${suffix}`;
}

export async function exportStudyLabels(actor: Actor, studyId: string, format: "csv" | "json"): Promise<Response> {
  const { study, input } = await getStudyReport(actor, studyId);
  const table = labelsExportTable(input);
  const name = studyFile(study, "labels");
  if (format === "csv") return downloadResponse({ body: toCsv(table), format, name });
  const rows = table.rows.map((row) =>
    Object.fromEntries(table.columns.map((column, index) => [column.label, row[index]?.value ?? ""])),
  );
  const body = { study: { id: study.id, name: study.name, status: study.status, rubric: study.rubric }, labels: rows };
  return downloadResponse({ body: JSON.stringify(body, null, 2), format, name });
}

export async function exportStudyReport(actor: Actor, studyId: string, format: "csv" | "json"): Promise<Response> {
  const { study, report } = await getStudyReport(actor, studyId);
  const name = studyFile(study, "agreement");
  if (format === "csv") return downloadResponse({ body: toCsv(reportExportTable(report)), format, name });
  const body = {
    study: {
      id: study.id,
      name: study.name,
      status: study.status,
      annotatorsPerItem: study.annotatorsPerItem,
      blind: study.blind,
    },
    report,
  };
  return downloadResponse({ body: JSON.stringify(body, null, 2), format, name });
}
