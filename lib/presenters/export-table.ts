import { csvText, escapeLatex, escapeMarkdownCell } from "./escape-cells";

/**
 * The one table exporter (protocol table, comparison tables, study labels and agreement reports, experiments):
 * CSV carries raw values (numbers unformatted, RFC 4180 CRLF lines), Markdown and LaTeX show the display text.
 */
export interface ExportColumn {
  label: string;
  align: "left" | "right";
  /** The header under a spanning group label (LaTeX); defaults to `label`. */
  subLabel?: string;
  /**
   * A column only CSV carries (numbers a spreadsheet reads, such as an interval's bounds) or only Markdown and
   * LaTeX show (display text such as "[−4.0, +12.5] pp"); absent = both. Group spans count the text columns.
   */
  only?: "csv" | "text";
}

export interface ExportCell {
  /** What Markdown and LaTeX show. */
  text: string;
  /** What CSV carries: numbers unformatted (fractions, not percentages); null = empty cell. */
  value: string | number | null;
}

export interface ExportTable {
  /** With a caption, LaTeX wraps the tabular in a table environment. */
  caption?: string;
  /** Spanning labels over the columns (LaTeX \multicolumn), `span` columns each from the left. */
  groups?: { label: string; span: number }[];
  columns: ExportColumn[];
  rows: ExportCell[][];
}

export type ExportFormat = "csv" | "md" | "tex";

export const EXPORT_FORMATS: Record<ExportFormat, { contentType: string; extension: string; label: string }> = {
  csv: { contentType: "text/csv; charset=utf-8", extension: "csv", label: "CSV" },
  md: { contentType: "text/markdown; charset=utf-8", extension: "md", label: "Markdown" },
  tex: { contentType: "application/x-tex; charset=utf-8", extension: "tex", label: "LaTeX" },
};

/** A cell whose text is also its CSV value. */
export function textCell(text: string): ExportCell {
  return { text, value: text };
}

/** A numeric cell: CSV gets the number, the other formats `text` (or the number itself); null is empty / "n/a". */
export function numberCell(value: number | null | undefined, text?: string): ExportCell {
  const known = value ?? null;
  return { text: text ?? (known === null ? "n/a" : String(known)), value: known };
}

function csvField(value: string | number | null): string {
  if (value === null) return "";
  return typeof value === "number" ? String(Number(value.toFixed(6))) : csvText(value);
}

/** The table without the columns `format` does not carry. */
function columnsFor(table: ExportTable, format: "csv" | "text"): ExportTable {
  const keep = table.columns.map((column) => column.only === undefined || column.only === format);
  if (keep.every(Boolean)) return table;
  return {
    ...table,
    columns: table.columns.filter((_, index) => keep[index]),
    rows: table.rows.map((row) => row.filter((_, index) => keep[index])),
  };
}

export function toCsv(full: ExportTable): string {
  const table = columnsFor(full, "csv");
  const lines = [
    table.columns.map((c) => csvField(c.label)),
    ...table.rows.map((row) => row.map((cell) => csvField(cell.value))),
  ];
  return lines.map((line) => line.join(",")).join("\r\n") + "\r\n";
}

export function toMarkdown(full: ExportTable): string {
  const table = columnsFor(full, "text");
  const header = `| ${table.columns.map((c) => escapeMarkdownCell(c.label)).join(" | ")} |`;
  const rule = `| ${table.columns.map((c) => (c.align === "right" ? "---:" : "---")).join(" | ")} |`;
  const body = table.rows.map((row) => `| ${row.map((cell) => escapeMarkdownCell(cell.text)).join(" | ")} |`);
  return [header, rule, ...body].join("\n") + "\n";
}

/** A booktabs tabular (\usepackage{booktabs}); group labels span their columns like seed 000's Table 1. */
export function toLatex(full: ExportTable): string {
  const table = columnsFor(full, "text");
  const line = (cells: string[]) => `${cells.join(" & ")} \\\\`;
  const groups = table.groups ?? [];
  const groupLine =
    groups.length > 0
      ? [
          line(
            groups.map((g) =>
              g.label === ""
                ? Array.from({ length: g.span }, () => "").join(" & ")
                : `\\multicolumn{${g.span}}{c}{${escapeLatex(g.label)}}`,
            ),
          ),
        ]
      : [];
  const tabular = [
    `\\begin{tabular}{${table.columns.map((c) => (c.align === "right" ? "r" : "l")).join("")}}`,
    "\\toprule",
    ...groupLine,
    line(table.columns.map((c) => escapeLatex(groups.length > 0 ? (c.subLabel ?? c.label) : c.label))),
    "\\midrule",
    ...table.rows.map((row) => line(row.map((cell) => escapeLatex(cell.text)))),
    "\\bottomrule",
    "\\end{tabular}",
  ];
  if (table.caption === undefined) return tabular.join("\n") + "\n";
  return (
    ["\\begin{table}[t]", "\\centering", ...tabular, `\\caption{${escapeLatex(table.caption)}}`, "\\end{table}"].join(
      "\n",
    ) + "\n"
  );
}

export function exportTable(table: ExportTable, format: ExportFormat): string {
  if (format === "csv") return toCsv(table);
  if (format === "md") return toMarkdown(table);
  return toLatex(table);
}
