export interface CsvRow {
  line: number;
  cells: string[];
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and newlines; blank lines are skipped. */
export function parseCsv(text: string): { rows: CsvRow[]; error: string | null } {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(field);
    if (!(cells.length === 1 && cells[0] === "")) rows.push({ line: rowLine, cells });
    cells = [];
    field = "";
  };
  const source = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line += 1;
        field += char;
      }
    } else if (char === '"' && field === "") quoted = true;
    else if (char === ",") {
      cells.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else field += char;
  }
  if (quoted) return { rows, error: `line ${rowLine}: unterminated quoted field` };
  if (field !== "" || cells.length > 0) endRow();
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
