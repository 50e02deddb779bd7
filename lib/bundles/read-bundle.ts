import { BundleEnvelopeSchema, JsonlHeaderSchema, type BundleHeader } from "./schema/bundle";
import { decodeBody, peek, type Chunks } from "./decode-body";
import { splitLines, type NumberedLine } from "./split-lines";
import { BundleInputError, fromZodError, type IssueCollector } from "./issues";
import { RecordValidator, checkHeaderDepth, checkHeaderIds, type BundleRecord } from "./validate-records";
import { SUPPORTED_FORMATS_TEXT, type BundleFormat } from "./formats";
import { DOCUMENT_IMPORTERS } from "./importers";
import { readArchiveDocument, isArchive } from "./importers/archive";
import { openInspectEval, probeInspectEval, type StreamedTrajectory } from "./importers/inspect-eval";

export interface OpenedBundle {
  format: BundleFormat;
  compressed: boolean;
  header: BundleHeader;
  warnings: string[];
  /** Yields valid records only; invalid ones are reported to the collector. */
  records: AsyncIterable<BundleRecord>;
}

export interface ReadOptions {
  fileName: string;
  /** A single JSON document is parsed in memory; larger inputs must use JSONL. */
  maxDocumentChars: number;
  /** Inspect logs: the scorer whose values become rewards. */
  scorer?: string;
}

export class DocumentTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`a single JSON document may be at most ${limit} characters; use the JSONL encoding for larger bundles`);
  }
}

function jsonSyntaxIssue(error: unknown, text: string, lineOffset = 0): BundleInputError {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  let line: number | undefined;
  if (lineColumn?.[1]) line = Number(lineColumn[1]);
  else if (position?.[1]) line = text.slice(0, Number(position[1])).split("\n").length;
  return new BundleInputError({
    path: "",
    message: `invalid JSON: ${message}`,
    ...(line === undefined ? {} : { line: line + lineOffset }),
  });
}

function unknownFormat(reason: string): BundleInputError {
  return new BundleInputError({
    path: "",
    message: `unrecognised file format: ${reason}. Supported formats: ${SUPPORTED_FORMATS_TEXT.join("; ")}`,
  });
}

function tryParseHeaderLine(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === "object" && !Array.isArray(value) && (value as { type?: unknown }).type === "header") {
      return value;
    }
  } catch {
    // Not a complete JSON value on one line: the input is a (pretty-printed) JSON document.
  }
  return undefined;
}

async function* jsonlRecords(lines: AsyncIterator<NumberedLine>, validator: RecordValidator, issues: IssueCollector): AsyncGenerator<BundleRecord> {
  for (;;) {
    const next = await lines.next();
    if (next.done) return;
    const { line, text } = next.value;
    if (text.trim() === "") continue;
    const path = `line ${line}`;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      issues.add({ path, line, message: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` });
      continue;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      issues.add({ path, line, message: "each line must be a JSON object" });
      continue;
    }
    const { type, ...record } = value as Record<string, unknown>;
    if (type === "trajectory") {
      const outcome = validator.trajectory(record, "", line);
      if (outcome.ok) yield { kind: "trajectory", value: outcome.value, path, line };
      else issues.addAll(outcome.issues);
    } else if (type === "turnPrediction") {
      const outcome = validator.turnPrediction(record, "", line);
      if (outcome.ok) yield { kind: "turnPrediction", value: outcome.value, path, line };
      else issues.addAll(outcome.issues);
    } else {
      issues.add({ path: "type", line, message: `unknown record type ${JSON.stringify(type)}; expected "trajectory" or "turnPrediction"` });
    }
  }
}

function openDocument(document: unknown, format: BundleFormat, compressed: boolean, warnings: string[], issues: IssueCollector, streamed?: AsyncIterable<StreamedTrajectory>): OpenedBundle | null {
  const isObject = document !== null && typeof document === "object" && !Array.isArray(document);
  const headerIssues = isObject ? checkHeaderDepth({ ...document, trajectories: [], turnPredictions: [] }) : [];
  if (headerIssues.length > 0) {
    issues.addAll(headerIssues);
    return null;
  }
  const envelope = BundleEnvelopeSchema.safeParse(document);
  if (!envelope.success) {
    issues.addAll(fromZodError(envelope.error, document, ""));
    return null;
  }
  const { trajectories, turnPredictions, ...header } = envelope.data;
  const idIssues = checkHeaderIds(header);
  if (idIssues.length > 0) {
    issues.addAll(idIssues);
    return null;
  }
  const validator = new RecordValidator(header);
  async function* records(): AsyncGenerator<BundleRecord> {
    for (const [index, raw] of trajectories.entries()) {
      const path = `trajectories[${index}]`;
      const outcome = validator.trajectory(raw, path);
      if (outcome.ok) yield { kind: "trajectory", value: outcome.value, path };
      else issues.addAll(outcome.issues);
    }
    for await (const { path, value } of streamed ?? []) {
      const outcome = validator.trajectory(value, path);
      if (outcome.ok) yield { kind: "trajectory", value: outcome.value, path };
      else issues.addAll(outcome.issues);
    }
    for (const [index, raw] of turnPredictions.entries()) {
      const path = `turnPredictions[${index}]`;
      const outcome = validator.turnPrediction(raw, path);
      if (outcome.ok) yield { kind: "turnPrediction", value: outcome.value, path };
      else issues.addAll(outcome.issues);
    }
  }
  return { format, compressed, header, warnings, records: records() };
}

function convertDocument(document: unknown, fileName: string, compressed: boolean, issues: IssueCollector, fromArchive = false, scorer?: string): OpenedBundle | null {
  const isObject = document !== null && typeof document === "object" && !Array.isArray(document);
  if (isObject && "schemaVersion" in document) return openDocument(document, "loopscope-json", compressed, [], issues);
  const importer = DOCUMENT_IMPORTERS.find((candidate) => candidate.matches(document));
  if (!importer) {
    const shape = Array.isArray(document) ? "a JSON list whose items are not tau-bench results" : isObject ? `a JSON object with keys ${Object.keys(document).slice(0, 8).join(", ")}` : `a JSON ${typeof document}`;
    throw unknownFormat(`found ${shape}`);
  }
  const result = importer.convert(document, { fileName, ...(scorer === undefined ? {} : { scorer }) });
  if (!result.ok) {
    issues.addAll(result.issues);
    return null;
  }
  const format = fromArchive && result.format === "tau2" ? "tau2-archive" : result.format;
  return openDocument(result.document, format, compressed, result.warnings, issues);
}

/**
 * Opens any supported bundle from a byte stream: detects gzip, archives, JSONL and
 * single JSON documents. Returns null when the envelope is invalid (issues say why);
 * throws BundleInputError when the input cannot be read at all.
 */
export async function openBundle(input: Chunks, issues: IssueCollector, options: ReadOptions): Promise<OpenedBundle | null> {
  const decoded = await decodeBody(input);
  const { head, all } = await peek(decoded.chunks, 512);
  if (head.length === 0) throw new BundleInputError({ path: "", message: "the file is empty" });
  if (isArchive(head)) {
    const probe = await probeInspectEval(all, head, options.maxDocumentChars);
    if (probe.found) {
      const opened = openInspectEval(probe.bytes, probe.entries, { fileName: options.fileName, scorer: options.scorer, maxMemberChars: options.maxDocumentChars });
      if (!opened.ok) {
        issues.addAll(opened.issues);
        return null;
      }
      const document = { ...opened.header, trajectories: [], turnPredictions: [] };
      return openDocument(document, "inspect-eval", decoded.compressed, opened.warnings, issues, opened.trajectories((found) => issues.addAll(found)));
    }
    const document = await readArchiveDocument(probe.chunks, options.maxDocumentChars);
    return convertDocument(document, options.fileName, decoded.compressed, issues, true, options.scorer);
  }
  const lines = splitLines(all)[Symbol.asyncIterator]();
  let first = await lines.next();
  while (!first.done && first.value.text.trim() === "") first = await lines.next();
  if (first.done) throw new BundleInputError({ path: "", message: "the file contains only whitespace" });

  const headerValue = tryParseHeaderLine(first.value.text.replace(/^\uFEFF/, ""));
  if (headerValue !== undefined) {
    const deep = checkHeaderDepth(headerValue, "header", first.value.line);
    if (deep.length > 0) {
      issues.addAll(deep);
      return null;
    }
    const parsed = JsonlHeaderSchema.safeParse(headerValue);
    if (!parsed.success) {
      issues.addAll(fromZodError(parsed.error, headerValue, "header", first.value.line));
      return null;
    }
    const { type: _type, ...header } = parsed.data;
    const headerIssues = checkHeaderIds(header, "header").map((issue) => ({ ...issue, line: first.value.line }));
    if (headerIssues.length > 0) {
      issues.addAll(headerIssues);
      return null;
    }
    const validator = new RecordValidator(header);
    return { format: "loopscope-jsonl", compressed: decoded.compressed, header, warnings: [], records: jsonlRecords(lines, validator, issues) };
  }

  const firstLine = first.value.line;
  let text = first.value.text;
  for (;;) {
    const next = await lines.next();
    if (next.done) break;
    text += `\n${next.value.text}`;
    if (text.length > options.maxDocumentChars) throw new DocumentTooLargeError(options.maxDocumentChars);
  }
  text = text.replace(/^\uFEFF/, "");
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw jsonSyntaxIssue(error, text, firstLine - 1);
  }
  return convertDocument(document, options.fileName, decoded.compressed, issues, false, options.scorer);
}
