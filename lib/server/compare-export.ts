import { exportTable, type ExportFormat } from "@/lib/presenters/export-table";
import { buildProtocolExportTable, buildTaskExportTable } from "@/lib/presenters/compare-export-tables";
import type { Comparison } from "@/lib/presenters/compare-types";

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  tex: "application/x-tex; charset=utf-8",
};

export function exportComparison(input: {
  comparison: Comparison;
  table: "protocol" | "tasks";
  format: ExportFormat;
}): { body: string; contentType: string; fileName: string } {
  const { comparison } = input;
  const table = input.table === "protocol" ? buildProtocolExportTable(comparison) : buildTaskExportTable(comparison);
  return {
    body: exportTable(table, input.format),
    contentType: CONTENT_TYPES[input.format],
    fileName: `comparison-${input.table}.${input.format}`,
  };
}
