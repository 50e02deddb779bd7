import { exportTable, type ExportFormat } from "@/lib/presenters/export-table";
import { buildProtocolExportTable, buildTaskExportTable } from "@/lib/presenters/compare-export-tables";
import { compareRuns } from "./compare-runs";

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  tex: "application/x-tex; charset=utf-8",
};

export async function exportComparison(input: {
  runIds: string[];
  table: "protocol" | "tasks";
  format: ExportFormat;
}): Promise<{ body: string; contentType: string; fileName: string }> {
  const comparison = await compareRuns(input.runIds);
  const table = input.table === "protocol" ? buildProtocolExportTable(comparison) : buildTaskExportTable(comparison);
  return {
    body: exportTable(table, input.format),
    contentType: CONTENT_TYPES[input.format],
    fileName: `comparison-${input.table}.${input.format}`,
  };
}
