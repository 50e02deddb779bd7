import { JsonlHeaderSchema } from "./schema/bundle";
import { decodeBody, peek, type Chunks } from "./decode-body";
import { splitLines, type NumberedLine } from "./split-lines";
import { BundleInputError, fromZodError, type IssueCollector } from "./issues";
import { RecordValidator, checkHeaderDepth, checkHeaderIds, type BundleRecord } from "./validate-records";
import { isArchive, tarArchiveEvents, zipArchiveEvents } from "./importers/archive";
import { DEFAULT_READ_LIMITS, ReadGuard, type ReadLimits } from "./read-limits";
import { createMemorySpill, type SpillFactory } from "./record-spill";
import { readFirstLine } from "./first-line";
import { streamJsonDocument } from "./json-document-stream";
import { openDocumentEvents, type DocumentContext, type OpenedBundle } from "./open-document";
import type { BundleFormat } from "./formats";
import { Utf8Watch } from "./utf8-watch";
import { DepthWatch } from "./depth-watch";
import type { DocumentEvent } from "./json-document-stream";
import { listInspectEntries, openInspectEval, type StreamedTrajectory } from "./importers/inspect-eval";
import { zipMemberCount } from "./importers/inspect-zip";
import { createMemoryByteSpill, type ByteSpillFactory } from "./byte-spill";

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
  /** The source format of a bundle document an importer made (a submission's domain): stored on its runs. */
  format?: BundleFormat;
  /** Where a zip waits to be read from its central directory (its end); in memory by default. */
  createByteSpill?: ByteSpillFactory;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function isZip(head: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, index) => head[index] === byte);
}

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

function tryParseHeaderLine(text: string, maxDepth: number): unknown {
  // Measured before JSON.parse builds it (a header line may be up to a record's size): a line nested deeper is left
  // to the document parser, which refuses it at the byte.
  if (new DepthWatch(maxDepth).scan(Buffer.from(text)) !== -1) return undefined;
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
    ...(options.format === undefined ? {} : { format: options.format }),
  };
  if (isArchive(head) && !isZip(head)) {
    const sink = new WarningSink();
    const events = tarArchiveEvents(all, limits, {
      warn: sink.warn,
      ...(options.signal && { signal: options.signal }),
      ...(options.createByteSpill && { createByteSpill: options.createByteSpill }),
    });
    return openArchive(events, context, sink);
  }
  if (isZip(head)) {
    // A zip's directory sits at its end: the upload is kept (on disk on the server) and read by offset.
    const spill = (options.createByteSpill ?? createMemoryByteSpill)();
    try {
      for await (const chunk of all) await spill.append(chunk);
      const source = await spill.finish();
      // Counted from the directory before any member is read, by either zip reader.
      const count = await zipMemberCount(source);
      if (count !== null && count > limits.maxArchiveEntries)
        throw new BundleInputError({
          path: "",
          message: `the zip archive has ${count} members, more than the limit of ${limits.maxArchiveEntries} (LOOPSCOPE_MAX_ARCHIVE_ENTRIES)`,
        });
      const entries = await listInspectEntries(source, { maxEntries: limits.maxArchiveEntries });
      if (!entries) {
        const sink = new WarningSink();
        const events = zipArchiveEvents(source, limits, {
          warn: sink.warn,
          ...(options.signal && { signal: options.signal }),
        });
        return await withRelease(await openArchive(events, context, sink), () => spill.dispose());
      }
      // Inflated bytes count against the upload's limits afresh: the archive itself was counted as it arrived.
      const inflated = new ReadGuard(limits, options.signal);
      const opened = await openInspectEval(source, entries, {
        fileName: options.fileName,
        scorer: options.scorer,
        // One member (a sample, the header) is parsed whole: a record. One that declares more than a record may
        // hold, or than the upload may inflate to, is refused before anything is allocated.
        maxMemberChars: Math.min(limits.maxRecordBytes, limits.maxDecompressedBytes),
        onInflated: (bytes) => inflated.count(bytes),
      });
      if (!opened.ok) {
        issues.addAll(opened.issues);
        await spill.dispose();
        return null;
      }
      const events = inspectEvalEvents(
        opened.header,
        opened.trajectories((found) => issues.addAll(found)),
      );
      const bundle = await openDocumentEvents(events, {
        ...context,
        format: "inspect-eval",
        warnings: opened.warnings,
      });
      return await withRelease(bundle, () => spill.dispose());
    } catch (error) {
      await spill.dispose();
      throw error;
    }
  }
  const utf8 = new Utf8Watch();
  const opened = await openText(utf8.watch(all), context, limits, issues);
  utf8.reportTo((warning) => opened?.warnings.push(warning));
  return opened;
}

/**
 * Member warnings (invalid UTF-8) found before the bundle opens are kept; once it is open they go straight into
 * its warnings, since the simulations are still being read while its records stream.
 */
class WarningSink {
  private target: string[] = [];
  readonly warn = (warning: string): void => {
    this.target.push(warning);
  };
  into(warnings: string[]): void {
    warnings.push(...this.target);
    this.target = warnings;
  }
}

/** A tau2 results directory packed as .zip or .tar, read as the events of one tau2 document. */
async function openArchive(
  events: AsyncGenerator<DocumentEvent>,
  context: DocumentContext,
  sink: WarningSink,
): Promise<OpenedBundle | null> {
  const opened = await openDocumentEvents(events, { ...context, fromArchive: true });
  if (opened) sink.into(opened.warnings);
  return opened;
}

/**
 * A bundle whose records are read from a kept upload (a zip read by offset): the upload's temporary file goes
 * when the records end or are dropped, or at once when the bundle did not open.
 */
async function withRelease(bundle: OpenedBundle | null, release: () => Promise<void>): Promise<OpenedBundle | null> {
  if (!bundle) {
    await release();
    return null;
  }
  const source = bundle.records;
  async function* records(): AsyncGenerator<BundleRecord> {
    try {
      yield* source;
    } finally {
      await release();
    }
  }
  return {
    ...bundle,
    records: records(),
    dispose: async () => {
      await bundle.dispose?.();
      await release();
    },
  };
}

/** A JSONL bundle or a JSON document (Loopscope, tau2, tau-bench, Inspect's .json log). */
async function openText(
  all: Chunks,
  context: DocumentContext,
  limits: ReadLimits,
  issues: IssueCollector,
): Promise<OpenedBundle | null> {
  // A JSONL header line is parsed whole (a record); a longer first line is taken as the start of a JSON document.
  const first = await readFirstLine(all, limits.maxRecordBytes);
  if (!first.found) throw new BundleInputError({ path: "", message: "the file contains only whitespace" });
  const headerValue =
    first.text !== undefined && first.text.includes("header")
      ? tryParseHeaderLine(first.text, limits.maxJsonDepth)
      : undefined;
  if (headerValue !== undefined) {
    const lines = splitLines(first.rest, limits.maxRecordBytes, first.line - 1, limits.maxJsonDepth)[
      Symbol.asyncIterator
    ]();
    await lines.next();
    return openJsonl(lines, headerValue, first.line, context.compressed, issues);
  }
  const events = streamJsonDocument(first.rest, {
    maxDepth: limits.maxJsonDepth,
    lineOffset: first.line - 1,
    maxValueBytes: limits.maxRecordBytes,
  });
  return openDocumentEvents(events, context);
}
