import { parseCsv } from "./parse-label-csv";

/** Where a judge verdict points: a study item id, or a trajectory by run + task/trial or run + external id. */
export type JudgeTarget =
  | { kind: "item"; itemId: string }
  | { kind: "trial"; run: string; task: string; trial: number }
  | { kind: "external"; run: string; externalId: string };

export interface JudgeLabelRow {
  line: number;
  target: JudgeTarget;
  judge: string;
  version: string;
  dimension: string;
  label: string;
  rationale: string | null;
  confidence: number | null;
}

/** A bad row located by line (1-based, header is line 1 in CSV), column and the offending value. */
export interface JudgeLabelIssue {
  line: number;
  column: string;
  value: string;
  message: string;
}

export const JUDGE_LABEL_COLUMNS = [
  "item",
  "run",
  "task",
  "trial",
  "external_id",
  "judge",
  "version",
  "dimension",
  "label",
  "rationale",
  "confidence",
] as const;
type Column = (typeof JUDGE_LABEL_COLUMNS)[number];
type RawRow = Partial<Record<Column, string>>;

const REQUIRED: Column[] = ["judge", "version", "dimension", "label"];

function readTarget(raw: RawRow, line: number, issues: JudgeLabelIssue[]): JudgeTarget | null {
  if (raw.item) return { kind: "item", itemId: raw.item };
  if (!raw.run) {
    issues.push({ line, column: "run", value: "", message: "give item, or run with task + trial or external_id" });
    return null;
  }
  if (raw.external_id) return { kind: "external", run: raw.run, externalId: raw.external_id };
  if (!raw.task) {
    issues.push({ line, column: "task", value: "", message: "give task + trial or external_id with run" });
    return null;
  }
  const trial = Number(raw.trial ?? "");
  if (!raw.trial || !Number.isInteger(trial) || trial < 0) {
    issues.push({ line, column: "trial", value: raw.trial ?? "", message: "trial must be a whole number >= 0" });
    return null;
  }
  return { kind: "trial", run: raw.run, task: raw.task, trial };
}

function readRow(raw: RawRow, line: number, issues: JudgeLabelIssue[]): JudgeLabelRow | null {
  const before = issues.length;
  for (const column of REQUIRED)
    if (!raw[column]?.trim()) issues.push({ line, column, value: raw[column] ?? "", message: `${column} is required` });
  const target = readTarget(raw, line, issues);
  let confidence: number | null = null;
  if (raw.confidence !== undefined && raw.confidence.trim() !== "") {
    confidence = Number(raw.confidence);
    if (!Number.isFinite(confidence) || confidence < 0 || confidence > 1)
      issues.push({
        line,
        column: "confidence",
        value: raw.confidence,
        message: "confidence must be a number from 0 to 1",
      });
  }
  if (issues.length > before || !target) return null;
  return {
    line,
    target,
    judge: (raw.judge ?? "").trim(),
    version: (raw.version ?? "").trim(),
    dimension: (raw.dimension ?? "").trim(),
    label: (raw.label ?? "").trim(),
    rationale: raw.rationale?.trim() ? raw.rationale : null,
    confidence,
  };
}

function readCsvRows(text: string, issues: JudgeLabelIssue[]): { line: number; raw: RawRow }[] {
  const { rows, error } = parseCsv(text);
  if (error) {
    issues.push({ line: Number(/line (\d+)/.exec(error)?.[1] ?? 1), column: "", value: "", message: error });
    return [];
  }
  const [header, ...body] = rows;
  if (!header) return [];
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  names.forEach((name, index) => {
    if (!(JUDGE_LABEL_COLUMNS as readonly string[]).includes(name))
      issues.push({
        line: header.line,
        column: `column ${index + 1}`,
        value: name,
        message: `unknown column (expected: ${JUDGE_LABEL_COLUMNS.join(", ")})`,
      });
  });
  return body.map((row) => ({
    line: row.line,
    raw: Object.fromEntries(names.map((name, index) => [name, row.cells[index] ?? ""])) as RawRow,
  }));
}

function readJsonlRows(text: string, issues: JudgeLabelIssue[]): { line: number; raw: RawRow }[] {
  const rows: { line: number; raw: RawRow }[] = [];
  text.split(/\r?\n/).forEach((source, index) => {
    const line = index + 1;
    if (source.trim() === "") return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(source);
    } catch {
      issues.push({ line, column: "", value: source.slice(0, 80), message: "not valid JSON" });
      return;
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      issues.push({ line, column: "", value: source.slice(0, 80), message: "each line must be a JSON object" });
      return;
    }
    const raw: RawRow = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (!(JUDGE_LABEL_COLUMNS as readonly string[]).includes(key)) {
        issues.push({ line, column: key, value: String(value), message: "unknown field" });
        continue;
      }
      if (value !== null && value !== undefined) raw[key as Column] = String(value);
    }
    rows.push({ line, raw });
  });
  return rows;
}

/** JSONL when the name says so or the first non-blank character opens an object; CSV with a header otherwise. */
export function isJsonl(text: string, fileName = ""): boolean {
  return /\.jsonl?$/i.test(fileName) || text.trimStart().startsWith("{");
}

/** Reads judge verdicts from CSV or JSONL; every bad row is reported, none is dropped silently. */
export function readJudgeLabels(text: string, fileName = ""): { rows: JudgeLabelRow[]; issues: JudgeLabelIssue[] } {
  const issues: JudgeLabelIssue[] = [];
  const source = text.replace(/^\uFEFF/, "");
  const raws = isJsonl(source, fileName) ? readJsonlRows(source, issues) : readCsvRows(source, issues);
  const rows = raws.flatMap(({ line, raw }) => readRow(raw, line, issues) ?? []);
  if (raws.length === 0 && issues.length === 0)
    issues.push({ line: 1, column: "", value: "", message: "the file has no verdicts" });
  return { rows, issues: issues.sort((a, b) => a.line - b.line) };
}
