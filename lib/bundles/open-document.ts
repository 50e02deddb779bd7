import { BundleEnvelopeSchema, type BundleHeader } from "./schema/bundle";
import { fromZodError, type BundleIssue, type IssueCollector } from "./issues";
import { RecordValidator, checkHeaderDepth, checkHeaderIds, type BundleRecord } from "./validate-records";
import type { BundleFormat } from "./formats";
import type { SpillFactory, SpilledItem } from "./record-spill";
import { STREAMED_ARRAYS, type DocumentEvent } from "./json-document-stream";
import { isRecord } from "./importers/json-value";
import { startTau2, TAU2_HEADER_KEYS } from "./importers/tau2-importer";
import { isTauBenchResults, TauBenchCollector } from "./importers/tau-bench-importer";
import type { StreamingConversion } from "./importers/types";
import { inspectJsonImporter } from "./importers/inspect-json-importer";
import { isTau2JudgeReview, JudgeReviewDocument } from "./importers/tau2-judge-review";
import { isTau2Submission, SubmissionDocument } from "./importers/tau2-submission";

/** Importers that convert a whole document in memory: formats whose files stay small. */
const WHOLE_DOCUMENT_IMPORTERS = [inspectJsonImporter];
import { unknownFormat } from "./unknown-format";
import { MAX_JSON_DEPTH } from "./json-depth";

export interface OpenedBundle {
  format: BundleFormat;
  compressed: boolean;
  header: BundleHeader;
  /** May grow while records are read (importers count renumbered trials and the like); final once they are. */
  warnings: string[];
  /** Yields valid records only; invalid ones are reported to the collector. */
  records: AsyncIterable<BundleRecord>;
  /** Frees waiting items when the records are not read to the end (a duplicate found before writing). */
  dispose?: () => Promise<void>;
}

export interface DocumentContext {
  fileName: string;
  compressed: boolean;
  issues: IssueCollector;
  createSpill: SpillFactory;
  fromArchive?: boolean;
  /** Inspect logs: the scorer whose values become rewards. */
  scorer?: string;
  /** The source format of a bundle document made by a whole-document importer (default loopscope-json). */
  format?: BundleFormat;
  /** That importer's warnings. */
  warnings?: string[];
}

type Item = Extract<DocumentEvent, { kind: "item" }>;
type Events = AsyncIterator<DocumentEvent>;

const BUNDLE_HEADER_KEYS = ["schemaVersion", "suite", "tasks", "runs"] as const;
const BUNDLE_KEYS = new Set<string>([...BUNDLE_HEADER_KEYS, "trajectories", "turnPredictions"]);

/** The events of a document already in memory (an archive's members assembled into one tau2 document). */
export async function* eventsOfValue(document: unknown): AsyncGenerator<DocumentEvent> {
  if (Array.isArray(document)) {
    yield { kind: "root", type: "array" };
    for (const [index, value] of document.entries()) yield { kind: "item", array: "", index, value };
    return;
  }
  if (!isRecord(document)) {
    yield {
      kind: "root",
      type:
        document === null
          ? "null"
          : typeof document === "string"
            ? "string"
            : typeof document === "number"
              ? "number"
              : "boolean",
    };
    return;
  }
  yield { kind: "root", type: "object" };
  for (const [key, value] of Object.entries(document)) {
    if ((STREAMED_ARRAYS as readonly string[]).includes(key) && Array.isArray(value)) {
      for (const [index, item] of value.entries()) yield { kind: "item", array: key, index, value: item };
      yield { kind: "field", key, value: [] };
    } else {
      yield { kind: "field", key, value };
    }
  }
}

const RECORD_LISTS = ["trajectories", "turnPredictions"] as const;

function typeName(value: unknown): string {
  return value === null ? "null" : typeof value === "object" ? "object" : typeof value;
}

/** Validates the envelope of a bundle document whose record lists are empty or still to come. */
function openHeader(
  document: Record<string, unknown>,
  issues: IssueCollector,
): { header: BundleHeader; validator: RecordValidator } | null {
  // The record lists stream as items; given as anything but a list they would be replaced by [] below, unseen.
  const notLists = RECORD_LISTS.filter((key) => key in document && !Array.isArray(document[key]));
  if (notLists.length > 0) {
    for (const key of notLists)
      issues.add({ path: key, message: `expected an array, received ${typeName(document[key])}` });
    return null;
  }
  const headerIssues = checkHeaderDepth({ ...document, trajectories: [], turnPredictions: [] });
  if (headerIssues.length > 0) {
    issues.addAll(headerIssues);
    return null;
  }
  const envelope = BundleEnvelopeSchema.safeParse({ ...document, trajectories: [], turnPredictions: [] });
  if (!envelope.success) {
    issues.addAll(fromZodError(envelope.error, document, ""));
    return null;
  }
  const { trajectories: _trajectories, turnPredictions: _predictions, ...header } = envelope.data;
  const idIssues = checkHeaderIds(header);
  if (idIssues.length > 0) {
    issues.addAll(idIssues);
    return null;
  }
  return { header, validator: new RecordValidator(header) };
}

/** Validates what a streaming importer made of one source record. */
function* convertedRecords(
  conversion: StreamingConversion,
  validator: RecordValidator,
  item: SpilledItem,
  counter: { trajectories: number },
  issues: IssueCollector,
): Generator<BundleRecord> {
  const converted = conversion.convert(item.value, item.index);
  // Issues inside a streamed item (a tau2 simulation) name the line the item starts on, beside their path.
  const located = (found: readonly BundleIssue[]) =>
    item.line === undefined ? found : found.map((issue) => ({ line: item.line, ...issue }));
  issues.addAll(located(converted.issues));
  if (converted.addedTask) {
    const path = `tasks[${item.index}]`;
    const task = validator.task(converted.addedTask, path);
    if (task.ok) yield { kind: "task", value: task.value, path };
    else issues.addAll(task.issues);
  }
  if (!converted.trajectory) return;
  const path = `trajectories[${counter.trajectories}]`;
  counter.trajectories += 1;
  const outcome = validator.trajectory(converted.trajectory, path);
  if (outcome.ok) yield { kind: "trajectory", value: outcome.value, path };
  else issues.addAll(outcome.issues);
}

/** Items the parser cut short for nesting are reported at their own path and go no further. */
function tooDeep(item: SpilledItem, issues: IssueCollector): boolean {
  if (item.tooDeep)
    issues.add({ path: `${item.array}[${item.index}]`, message: `nested more than ${MAX_JSON_DEPTH} levels deep` });
  return item.tooDeep === true;
}

async function* remainingItems(
  spilled: AsyncIterable<SpilledItem>,
  live: Item | undefined,
  events: Events,
  issues: IssueCollector,
  onField: (key: string, value: unknown) => void,
): AsyncGenerator<SpilledItem> {
  for await (const item of spilled) if (!tooDeep(item, issues)) yield item;
  if (live && !tooDeep(live, issues)) yield live;
  for (;;) {
    const next = await events.next();
    if (next.done) return;
    const event = next.value;
    if (event.kind === "item" && !tooDeep(event, issues)) yield event;
    else if (event.kind === "field") onField(event.key, event.value);
  }
}

/** tau-bench: every result is read (and spilled) before the run's header can be built. */
async function openTauBench(events: Events, context: DocumentContext): Promise<OpenedBundle | null> {
  const { issues } = context;
  const collector = new TauBenchCollector(context.fileName);
  const spill = context.createSpill();
  let count = 0;
  try {
    for (;;) {
      const next = await events.next();
      if (next.done) break;
      const event = next.value;
      if (event.kind !== "item") continue;
      // A first item cut short for nesting says nothing about the format: report the nesting, not "unrecognised".
      if (count === 0 && tooDeep(event, issues)) break;
      if (count === 0 && !isTauBenchResults([event.value]))
        throw unknownFormat("found a JSON list whose items are not tau-bench results");
      count += 1;
      if (tooDeep(event, issues)) continue;
      const found = collector.collect(event.value, event.index);
      issues.addAll(found);
      if (found.length === 0 && !issues.hasIssues) await spill.append(event);
    }
    if (count === 0 && !issues.hasIssues)
      throw unknownFormat("found a JSON list whose items are not tau-bench results");
  } catch (error) {
    await spill.dispose();
    throw error;
  }
  if (issues.hasIssues) {
    await spill.dispose();
    return null;
  }
  const conversion = collector.start();
  const opened = openHeader({ ...conversion.header }, issues);
  if (!opened) {
    await spill.dispose();
    return null;
  }
  async function* records(): AsyncGenerator<BundleRecord> {
    const counter = { trajectories: 0 };
    try {
      for await (const item of spill.replay())
        yield* convertedRecords(
          conversion,
          opened?.validator ?? new RecordValidator(conversion.header as BundleHeader),
          item,
          counter,
          issues,
        );
      conversion.finish();
    } finally {
      await spill.dispose();
    }
  }
  return {
    format: "tau-bench",
    compressed: context.compressed,
    header: opened.header,
    warnings: conversion.warnings,
    records: records(),
    dispose: () => spill.dispose(),
  };
}

function headerReady(fields: Map<string, unknown>, array: string): boolean {
  if (BUNDLE_HEADER_KEYS.every((key) => fields.has(key))) return true;
  return array === "simulations" && !fields.has("schemaVersion") && TAU2_HEADER_KEYS.every((key) => fields.has(key));
}

/**
 * Opens a JSON document given as parse events: the header fields are gathered first, items
 * that arrive before the header is complete wait in the spill, then every item is validated
 * (and converted, for tau2) one at a time as the records are read.
 */
export async function openDocumentEvents(
  events: AsyncIterable<DocumentEvent>,
  context: DocumentContext,
): Promise<OpenedBundle | null> {
  const iterator = events[Symbol.asyncIterator]();
  const rootEvent = await iterator.next();
  const root = rootEvent.done || rootEvent.value.kind !== "root" ? "null" : rootEvent.value.type;
  if (root === "array") return openTauBench(iterator, context);
  if (root !== "object") throw unknownFormat(`found a JSON ${root}`);

  const { issues } = context;
  const fields = new Map<string, unknown>();
  const keys: string[] = [];
  const streamed = new Set<string>();
  const spill = context.createSpill();
  // The events' source may hold resources of its own (a tar's spilled simulations): closed with the spill.
  const release = async () => {
    await spill.dispose();
    await iterator.return?.(undefined);
  };
  let live: Item | undefined;
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const event = next.value;
      if (event.kind === "root") continue;
      const key = event.kind === "field" ? event.key : event.array;
      if (!keys.includes(key)) keys.push(key);
      if (event.kind === "field") {
        fields.set(event.key, event.value);
        continue;
      }
      streamed.add(event.array);
      if (headerReady(fields, event.array)) {
        live = event;
        break;
      }
      await spill.append(event);
    }
  } catch (error) {
    await release();
    throw error;
  }

  const document = Object.fromEntries(fields);
  const hasSimulations = streamed.has("simulations") || Array.isArray(document.simulations);
  if (!("schemaVersion" in document) && !(hasSimulations && isRecord(document.info))) {
    await release();
    // A judge review is not a bundle: its verdicts are stored on trajectories already uploaded (ingest's own path).
    if (streamed.size === 0 && isTau2JudgeReview(document)) throw new JudgeReviewDocument(document);
    // A leaderboard submission.json alone: its runs carry the claimed figures only (ingest's own path).
    if (streamed.size === 0 && isTau2Submission(document)) throw new SubmissionDocument(document, []);
    // Formats without a streaming importer (Inspect's .json log) are small: converted whole, then read as a bundle.
    const importer =
      streamed.size === 0 ? WHOLE_DOCUMENT_IMPORTERS.find((candidate) => candidate.matches(document)) : undefined;
    if (!importer) throw unknownFormat(`found a JSON object with keys ${keys.slice(0, 8).join(", ")}`);
    const result = importer.convert(document, {
      fileName: context.fileName,
      ...(context.scorer === undefined ? {} : { scorer: context.scorer }),
    });
    if (!result.ok) {
      issues.addAll(result.issues);
      return null;
    }
    return openDocumentEvents(eventsOfValue(result.document), {
      ...context,
      format: result.format,
      warnings: result.warnings,
    });
  }
  const lateIssues: BundleIssue[] = [];
  if ("schemaVersion" in document) {
    for (const name of streamed)
      if (!BUNDLE_KEYS.has(name)) lateIssues.push({ path: "", message: `Unrecognized key: "${name}"` });
    const opened = openHeader(document, issues);
    if (!opened || lateIssues.length > 0) {
      issues.addAll(lateIssues);
      await release();
      return null;
    }
    const { validator } = opened;
    async function* records(): AsyncGenerator<BundleRecord> {
      try {
        const onField = (key: string) => {
          if (!BUNDLE_KEYS.has(key)) issues.add({ path: "", message: `Unrecognized key: "${key}"` });
        };
        for await (const item of remainingItems(spill.replay(), live, iterator, issues, onField)) {
          const path = `${item.array}[${item.index}]`;
          if (item.array === "trajectories") {
            const outcome = validator.trajectory(item.value, path);
            if (outcome.ok) yield { kind: "trajectory", value: outcome.value, path };
            else issues.addAll(outcome.issues);
          } else if (item.array === "turnPredictions") {
            const outcome = validator.turnPrediction(item.value, path);
            if (outcome.ok) yield { kind: "turnPrediction", value: outcome.value, path };
            else issues.addAll(outcome.issues);
          } else {
            issues.add({ path: "", message: `Unrecognized key: "${item.array}"` });
          }
        }
      } finally {
        await release();
      }
    }
    return {
      format: context.format ?? "loopscope-json",
      compressed: context.compressed,
      header: opened.header,
      warnings: context.warnings ?? [],
      records: records(),
      dispose: release,
    };
  }

  const conversion = startTau2({ ...document, info: isRecord(document.info) ? document.info : {} }, context.fileName);
  issues.addAll(conversion.headerIssues);
  const opened = conversion.headerIssues.length > 0 ? null : openHeader({ ...conversion.header }, issues);
  if (!opened) {
    await release();
    return null;
  }
  async function* tau2Records(validator: RecordValidator): AsyncGenerator<BundleRecord> {
    const counter = { trajectories: 0 };
    try {
      for await (const item of remainingItems(spill.replay(), live, iterator, issues, () => {})) {
        if (item.array === "simulations") yield* convertedRecords(conversion, validator, item, counter, issues);
      }
      conversion.finish();
    } finally {
      await release();
    }
  }
  const format: BundleFormat = context.fromArchive ? "tau2-archive" : "tau2";
  return {
    format,
    compressed: context.compressed,
    header: opened.header,
    warnings: conversion.warnings,
    records: tau2Records(opened.validator),
    dispose: release,
  };
}
