import { labelsExportTable, reportExportTable } from "@/lib/presenters/agreement-export";
import { toCsv } from "@/lib/presenters/export-table";
import type { Actor } from "../auth/roles";
import { getStudyReport } from "./get-agreement";

function fileName(name: string, suffix: string, extension: string): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "study";
  return `${slug}-${suffix}.${extension}`;
}

function download(body: string, type: string, name: string): Response {
  return new Response(body, {
    headers: { "content-type": type, "content-disposition": `attachment; filename="${name}"` },
  });
}

export async function exportStudyLabels(actor: Actor, studyId: string, format: "csv" | "json"): Promise<Response> {
  const { study, input } = await getStudyReport(actor, studyId);
  const table = labelsExportTable(input);
  if (format === "csv") return download(toCsv(table), "text/csv; charset=utf-8", fileName(study.name, "labels", "csv"));
  const rows = table.rows.map((row) =>
    Object.fromEntries(table.columns.map((column, index) => [column.label, row[index]?.value ?? ""])),
  );
  return download(
    JSON.stringify(
      { study: { id: study.id, name: study.name, status: study.status, rubric: study.rubric }, labels: rows },
      null,
      2,
    ),
    "application/json",
    fileName(study.name, "labels", "json"),
  );
}

export async function exportStudyReport(actor: Actor, studyId: string, format: "csv" | "json"): Promise<Response> {
  const { study, report } = await getStudyReport(actor, studyId);
  if (format === "csv")
    return download(
      toCsv(reportExportTable(report)),
      "text/csv; charset=utf-8",
      fileName(study.name, "agreement", "csv"),
    );
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
  return download(JSON.stringify(body, null, 2), "application/json", fileName(study.name, "agreement", "json"));
}
