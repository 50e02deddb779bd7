import { csvText, escapeLatex, escapeMarkdownCell } from "./escape-cells";

/** Pure table exporters: the same table as CSV (raw values), Markdown or LaTeX (display text). */

export interface ExportColumn {
  label: string;
  align: "left" | "right";
}

export interface ExportCell {
  /** What Markdown and LaTeX show. */
  text: string;
  /** What CSV carries: numbers unformatted (fractions, not percentages); null = empty cell. */
  value: string | number | null;
}

export interface ExportTable {
  columns: ExportColumn[];
  rows: ExportCell[][];
}

export type ExportFormat = "csv" | "md" | "tex";

function csvField(value: string | number | null): string {
  if (value === null) return "";
  return typeof value === "number" ? String(Number(value.toFixed(6))) : csvText(value);
}

export { escapeLatex };

export function toCsv(table: ExportTable): string {
  const lines = [table.columns.map((c) => csvField(c.label)), ...table.rows.map((row) => row.map((cell) => csvField(cell.value)))];
  return lines.map((line) => line.join(",")).join("\r\n") + "\r\n";
}

export function toMarkdown(table: ExportTable): string {
  const header = `| ${table.columns.map((c) => escapeMarkdownCell(c.label)).join(" | ")} |`;
  const rule = `| ${table.columns.map((c) => (c.align === "right" ? "---:" : "---")).join(" | ")} |`;
  const body = table.rows.map((row) => `| ${row.map((cell) => escapeMarkdownCell(cell.text)).join(" | ")} |`);
  return [header, rule, ...body].join("\n") + "\n";
}

/** A booktabs tabular (needs \usepackage{booktabs}). */
export function toLatex(table: ExportTable): string {
  const spec = table.columns.map((c) => (c.align === "right" ? "r" : "l")).join("");
  const line = (cells: string[]) => `${cells.join(" & ")} \\\\`;
  return [
    `\\begin{tabular}{${spec}}`,
    "\\toprule",
    line(table.columns.map((c) => escapeLatex(c.label))),
    "\\midrule",
    ...table.rows.map((row) => line(row.map((cell) => escapeLatex(cell.text)))),
    "\\bottomrule",
    "\\end{tabular}",
  ].join("\n") + "\n";
}

export function exportTable(table: ExportTable, format: ExportFormat): string {
  if (format === "csv") return toCsv(table);
  if (format === "md") return toMarkdown(table);
  return toLatex(table);
}
