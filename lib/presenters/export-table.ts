import { csvText, escapeLatex, escapeMarkdownCell } from "./escape-cells";
import type { ProtocolTable } from "./protocol-table";

/** A plain table to export: optional spanning header groups above the column headers, then string cells. */
export interface ExportTable {
  caption: string;
  /** Spanning labels over the columns (LaTeX \multicolumn); `span` columns each, covering `head` from the left. */
  groups: { label: string; span: number }[];
  /** Full column names (CSV, Markdown). */
  head: string[];
  /** Column names under the group labels (LaTeX); same length as `head`. */
  subHead: string[];
  body: string[][];
}

export type ExportFormat = "csv" | "md" | "tex";

export const EXPORT_FORMATS: Record<ExportFormat, { contentType: string; extension: string; label: string }> = {
  csv: { contentType: "text/csv; charset=utf-8", extension: "csv", label: "CSV" },
  md: { contentType: "text/markdown; charset=utf-8", extension: "md", label: "Markdown" },
  tex: { contentType: "application/x-tex; charset=utf-8", extension: "tex", label: "LaTeX" },
};

/** Leading columns of the protocol table that carry no run. */
const LEADING = ["Level", "Metric", "Scoring"];

export function protocolExportTable(table: ProtocolTable): ExportTable {
  return {
    caption: `Results across the evaluation protocols for suite ${table.suite.name}. Values in %, counts as n/N.`,
    groups: [{ label: "", span: LEADING.length }, ...table.groups.map((group) => ({ label: group.label, span: group.columns.length }))],
    head: [...LEADING, ...table.groups.flatMap((group) => group.columns.map((column) => `${group.label} ${column.label}`))],
    subHead: [...LEADING, ...table.columns.map((column) => column.label)],
    body: table.rows.map((row) => [row.level, row.metric, row.scoring, ...row.cells]),
  };
}

export { escapeLatex };

export function toCsv(table: ExportTable): string {
  return [table.head, ...table.body].map((row) => row.map(csvText).join(",")).join("\n") + "\n";
}

export function toMarkdown(table: ExportTable): string {
  const line = (cells: string[]) => `| ${cells.map(escapeMarkdownCell).join(" | ")} |`;
  const leading = table.groups[0]?.span ?? LEADING.length;
  const align = table.head.map((_, index) => (index < leading ? "---" : "---:"));
  return [line(table.head), `| ${align.join(" | ")} |`, ...table.body.map(line)].join("\n") + "\n";
}

/** A booktabs tabular (\usepackage{booktabs}); group labels span their columns like the seed's Table 1. */
export function toLatex(table: ExportTable): string {
  const leading = table.groups[0]?.span ?? 0;
  const spec = "l".repeat(leading) + "c".repeat(Math.max(0, table.head.length - leading));
  const groupCells = table.groups.map((group, index) =>
    index === 0 ? Array.from({ length: group.span }, () => "").join(" & ") : `\\multicolumn{${group.span}}{c}{${escapeLatex(group.label)}}`,
  );
  const lines = [
    "\\begin{table}[t]",
    "\\centering",
    `\\begin{tabular}{${spec}}`,
    "\\toprule",
    `${groupCells.join(" & ")} \\\\`,
    `${table.subHead.map(escapeLatex).join(" & ")} \\\\`,
    "\\midrule",
    ...table.body.map((row) => `${row.map(escapeLatex).join(" & ")} \\\\`),
    "\\bottomrule",
    "\\end{tabular}",
    `\\caption{${escapeLatex(table.caption)}}`,
    "\\end{table}",
  ];
  return lines.join("\n") + "\n";
}

export function exportTable(table: ExportTable, format: ExportFormat): string {
  switch (format) {
    case "csv": return toCsv(table);
    case "md": return toMarkdown(table);
    case "tex": return toLatex(table);
  }
}
