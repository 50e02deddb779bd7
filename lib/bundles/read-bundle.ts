import { JsonlHeaderSchema } from "./schema/bundle";
import { decodeBody, peek, type Chunks } from "./decode-body";
import { splitLines, type NumberedLine } from "./split-lines";
import { BundleInputError, fromZodError, type IssueCollector } from "./issues";
import { RecordValidator, checkHeaderDepth, checkHeaderIds, type BundleRecord } from "./validate-records";
import { readArchiveDocument, isArchive } from "./importers/archive";
import { DEFAULT_READ_LIMITS, ReadGuard, type ReadLimits } from "./read-limits";
import { createMemorySpill, type SpillFactory } from "./record-spill";
import { readFirstLine } from "./first-line";
import { streamJsonDocument } from "./json-document-stream";
import { openDocumentEvents, eventsOfValue, type OpenedBundle } from "./open-document";
import type { DocumentEvent } from "./json-document-stream";
import { openInspectEval, probeInspectEval, type StreamedTrajectory } from "./importers/inspect-eval";

export type { OpenedBundle } from "./open-document";

export interface ReadOptions {
  fileName: string;
  limits?: Partial<ReadLimits>;
  /** Stops reading when the client goes away. */
  signal?: AbortSignal;
  /** Where items wait that arrive before the header they need; in memory by default. */
  createSpill?: SpillFactory;
  /** Inspect logs: the scorer whose values become rewards. */
  scorer?: string;
}

/**
 * An Inspect .eval zip is held compressed in memory (its directory sits at its end) and its members are inflated one
 * at a time; this bounds the compressed size and each member's inflated size.
 */
const MAX_INSPECT_EVAL_BYTES = 256 * 1024 * 1024;

/** An Inspect log's header and streamed trajectories as the parse events of a bundle document. */
async function* inspectEvalEvents(
  header: Record<string, unknown>,
  trajectories: AsyncIterable<StreamedTrajectory>,
): AsyncGenerator<DocumentEvent> {
  yield { kind: "root", type: "object" };
  for (const [key, value] of Object.entries(header)) yield { kind: "field", key, value };
  let index = 0;
  for await (const { value } of trajectories) yield { kind: "item", array: "trajectories", index: index++, value };
  yield { kind: "field", key: "trajectories", value: [] };
  yield { kind: "field", key: "turnPredictions", value: [] };
}

/** A JSONL header line is parsed whole; a longer first line is taken as the start of a JSON document. */
const MAX_HEADER_LINE_BYTES = 64 * 1024 * 1024;

function tryParseHeaderLine(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    if (
      value !== null &&
      typeof value === "object" &&
      !Array.isArray(value) &&
      (value as { type?: unknown }).type === "header"
    ) {
      return value;
    }
  } catch {
    // Not a complete JSON value on one line: the input is a (pretty-printed) JSON document.
  }
  return undefined;
}

async function* jsonlRecords(
  lines: AsyncIterator<NumberedLine>,
  validator: RecordValidator,
  issues: IssueCollector,
): AsyncGenerator<BundleRecord> {
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
      issues.add({
        path: "type",
        line,
        message: `unknown record type ${JSON.stringify(type)}; expected "trajectory" or "turnPrediction"`,
      });
    }
  }
}

async function openJsonl(
  lines: AsyncIterator<NumberedLine>,
  headerValue: unknown,
  headerLine: number,
  compressed: boolean,
  issues: IssueCollector,
): Promise<OpenedBundle | null> {
  const deep = checkHeaderDepth(headerValue, "header", headerLine);
  if (deep.length > 0) {
    issues.addAll(deep);
    return null;
  }
  const parsed = JsonlHeaderSchema.safeParse(headerValue);
  if (!parsed.success) {
    issues.addAll(fromZodError(parsed.error, headerValue, "header", headerLine));
    return null;
  }
  const { type: _type, ...header } = parsed.data;
  const headerIssues = checkHeaderIds(header, "header").map((issue) => ({ ...issue, line: headerLine }));
  if (headerIssues.length > 0) {
    issues.addAll(headerIssues);
    return null;
  }
  const validator = new RecordValidator(header);
  return {
    format: "loopscope-jsonl",
    compressed,
    header,
    warnings: [],
    records: jsonlRecords(lines, validator, issues),
  };
}

/**
 * Opens any supported bundle from a byte stream: detects gzip, archives, JSONL and
 * single JSON documents, all read as streams. Returns null when the envelope is invalid
 * (issues say why); throws BundleInputError when the input cannot be read at all.
 */
export async function openBundle(
  input: Chunks,
  issues: IssueCollector,
  options: ReadOptions,
): Promise<OpenedBundle | null> {
  const limits = { ...DEFAULT_READ_LIMITS, ...options.limits };
  const guard = new ReadGuard(limits, options.signal);
  const decoded = await decodeBody(input);
  const { head, all } = await peek(guard.wrap(decoded.chunks), 512);
  if (head.length === 0) throw new BundleInputError({ path: "", message: "the file is empty" });
  const context = {
    fileName: options.fileName,
    compressed: decoded.compressed,
    issues,
    createSpill: options.createSpill ?? createMemorySpill,
    ...(options.scorer === undefined ? {} : { scorer: options.scorer }),
  };
  if (isArchive(head)) {
    const probe = await probeInspectEval(all, head, MAX_INSPECT_EVAL_BYTES);
    if (probe.found) {
      const opened = openInspectEval(probe.bytes, probe.entries, {
        fileName: options.fileName,
        scorer: options.scorer,
        maxMemberChars: MAX_INSPECT_EVAL_BYTES,
      });
      if (!opened.ok) {
        issues.addAll(opened.issues);
        return null;
      }
      const events = inspectEvalEvents(
        opened.header,
        opened.trajectories((found) => issues.addAll(found)),
      );
      return openDocumentEvents(events, { ...context, format: "inspect-eval", warnings: opened.warnings });
    }
    const document = await readArchiveDocument(probe.chunks, limits, options.signal);
    return openDocumentEvents(eventsOfValue(document), { ...context, fromArchive: true });
  }
  const first = await readFirstLine(all, MAX_HEADER_LINE_BYTES);
  if (!first.found) throw new BundleInputError({ path: "", message: "the file contains only whitespace" });
  const headerValue =
    first.text !== undefined && first.text.includes("header") ? tryParseHeaderLine(first.text) : undefined;
  if (headerValue !== undefined) {
    const lines = splitLines(first.rest, undefined, first.line - 1)[Symbol.asyncIterator]();
    await lines.next();
    return openJsonl(lines, headerValue, first.line, decoded.compressed, issues);
  }
  const events = streamJsonDocument(first.rest, { maxDepth: limits.maxJsonDepth, lineOffset: first.line - 1 });
  return openDocumentEvents(events, context);
}
