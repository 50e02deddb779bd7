import { CsvError, parse } from "csv-parse/sync";

export interface CsvRow {
  line: number;
  cells: string[];
}

/**
 * The line each record starts on, numbered as an editor does. csv-parse reports the line a record ends on and the
 * blank lines skipped so far, and counts a CRLF inside a quoted field as two lines, which is taken back here.
 */
function recordStartLines() {
  let previousEnd = 0;
  let previousEmpty = 0;
  let crlfOvercount = 0;
  const startOf = (emptyLines = previousEmpty) => previousEnd + 1 + (emptyLines - previousEmpty);
  return {
    startOf,
    record(cells: string[], counts: { lines: number; empty_lines: number }): number {
      const start = startOf(counts.empty_lines);
      crlfOvercount += cells.reduce((sum, cell) => sum + cell.split("\r\n").length - 1, 0);
      previousEnd = counts.lines - crlfOvercount;
      previousEmpty = counts.empty_lines;
      return start;
    },
  };
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and newlines; blank lines are skipped. */
export function parseCsv(text: string): { rows: CsvRow[]; error: string | null } {
  const rows: CsvRow[] = [];
  const lines = recordStartLines();
  try {
    parse(text, {
      bom: true,
      // Any mix of line endings; csv-parse would otherwise keep to the first one it meets.
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      on_record: (cells: string[], info) => {
        const line = lines.record(cells, info);
        // A lone `""` is a blank row too, as it always was here.
        if (!(cells.length === 1 && cells[0] === "")) rows.push({ line, cells });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = lines.startOf(typeof error.empty_lines === "number" ? error.empty_lines : undefined);
    const message = error.code === "CSV_QUOTE_NOT_CLOSED" ? "unterminated quoted field" : error.message;
    return { rows, error: `line ${line}: ${message}` };
  }
  return { rows, error: null };
}

export const IMPORT_COLUMNS = ["item", "annotator", "dimension", "label"] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export interface LabelImportRow {
  line: number;
  item: string;
  annotator: string;
  dimension: string;
  label: string;
}

/** Reads a header naming the four columns (any order, extra columns ignored), then one label per row. */
export function readLabelCsv(text: string): { rows: LabelImportRow[]; issues: { line: number; message: string }[] } {
  const { rows, error } = parseCsv(text);
  if (error) return { rows: [], issues: [{ line: 1, message: error }] };
  const [header, ...data] = rows;
  if (!header)
    return { rows: [], issues: [{ line: 1, message: `empty file; expected a header ${IMPORT_COLUMNS.join(",")}` }] };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const position = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<
    ImportColumn,
    number
  >;
  const missing = IMPORT_COLUMNS.filter((column) => position[column] < 0);
  if (missing.length > 0)
    return { rows: [], issues: [{ line: header.line, message: `header lacks column(s) ${missing.join(", ")}` }] };
  const issues: { line: number; message: string }[] = [];
  const parsed: LabelImportRow[] = [];
  for (const row of data) {
    const value = (column: ImportColumn) => (row.cells[position[column]] ?? "").trim();
    const entry = {
      line: row.line,
      item: value("item"),
      annotator: value("annotator"),
      dimension: value("dimension"),
      label: value("label"),
    };
    const empty = IMPORT_COLUMNS.filter((column) => entry[column] === "");
    if (empty.length > 0) issues.push({ line: row.line, message: `empty ${empty.join(", ")}` });
    else parsed.push(entry);
  }
  if (data.length === 0) issues.push({ line: header.line, message: "no label rows after the header" });
  return { rows: parsed, issues };
}
