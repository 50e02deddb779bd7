import { exportTable, type ExportFormat } from "@/lib/presenters/export-table";
import { buildProtocolExportTable, buildTaskExportTable } from "@/lib/presenters/compare-export-tables";
import type { Comparison } from "@/lib/presenters/compare-types";
import { downloadResponse } from "./download";

/** A comparison's protocol or task table as a file the browser shows in a tab (the /compare export links). */
export function exportComparison(input: {
  comparison: Comparison;
  table: "protocol" | "tasks";
  format: ExportFormat;
}): Response {
  const { comparison } = input;
  const table = input.table === "protocol" ? buildProtocolExportTable(comparison) : buildTaskExportTable(comparison);
  return downloadResponse({
    body: exportTable(table, input.format),
    format: input.format,
    name: `comparison-${input.table}`,
    disposition: "inline",
  });
}
