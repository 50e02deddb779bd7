import { createHash, randomUUID } from "node:crypto";
import { openBundle, type OpenedBundle } from "@/lib/bundles/read-bundle";
import { DecompressedTooLargeError, ReadAbortedError } from "@/lib/bundles/read-limits";
import { BundleInputError, IssueCollector, TooManyIssuesError, type BundleIssue } from "@/lib/bundles/issues";
import { prepareTrajectory } from "@/lib/bundles/rows/prepare-trajectory";
import { SCORES_VERSION, scoringRulesFor } from "@/lib/metrics";
import { prepareTurnPrediction } from "@/lib/bundles/rows/prepare-turn-prediction";
import { taskDefinitionHash } from "@/lib/bundles/rows/prepare-header";
import type { EventRow, TrajectoryRow, TurnPredictionRow } from "@/lib/bundles/rows/types";
import type { Task } from "@/lib/bundles/schema/task";
import { inIngestTransaction, type IngestSession } from "@/lib/db/ingest-session";
import { findBundleByHash, type BundleSummary } from "@/lib/db/bundles";
import { isUniqueViolation } from "@/lib/db/errors";
import {
  finalizeBundle,
  insertPendingBundle,
  insertRuns,
  upsertModels,
  upsertTasks,
  type RunRow,
} from "@/lib/db/ingest-writes";
import { eventSink, trajectorySink, turnPredictionSink } from "@/lib/db/record-writes";
import type { RowSink } from "@/lib/db/bulk-insert";
import {
  clearRunRows,
  lockBundleForReimport,
  relinkStudyItems,
  restoreJudgeLabels,
  trajectoryKey,
  updateReimportedBundle,
  updateReimportedRun,
  type KeptRun,
} from "@/lib/db/reimport-writes";
import { IMPORTER_VERSION } from "@/lib/bundles/importer-version";
import { attachRunPartitions, createRunPartitions } from "@/lib/db/run-partitions";
import { ByteTap, PayloadTooLargeError } from "./byte-tap";
import { serverConfig } from "./config";
import { resolveRunIdentity, resolveSuiteTaskSet } from "./ingest-identity";
import type { UploadOptions } from "./upload-options";
import { createTempFileSpill } from "./temp-file-spill";
import { createTempFileByteSpill } from "./temp-file-bytes";
import { HeapKeeper } from "./heap-keeper";
import { TextRepair } from "@/lib/bundles/storable-text";
import { JudgeReviewDocument } from "@/lib/bundles/importers/tau2-judge-review";
import { SubmissionDocument } from "@/lib/bundles/importers/tau2-submission";
import type { BundleFormat } from "@/lib/bundles/formats";
import { prepareSubmission } from "./ingest-submission";
import type { JudgeReviewOutcome } from "@/lib/contracts/run-judges";
import { listJudgeReviewRuns } from "@/lib/db/run-judge-labels";
import { ingestJudgeReview, JUDGE_REVIEW_FORMAT } from "./ingest-judge-review";

export interface IngestCounts {
  tasks: number;
  trajectories: number;
  events: number;
  turnPredictions: number;
  /** A judge review: the verdicts stored on trajectories. */
  judgeLabels?: number;
}

export interface IngestProgress {
  phase: "reading" | "committing";
  bytes: number;
  trajectories: number;
  events: number;
  turnPredictions: number;
}

export type IngestResult =
  | {
      kind: "stored";
      duplicate: boolean;
      bundleId: string;
      format: string;
      runs: { id: string; name: string }[];
      counts: IngestCounts;
      warnings: string[];
      /** A judge review (no runs of its own): what it attached, per judge. */
      judgeReview?: JudgeReviewOutcome;
    }
  | { kind: "invalid"; error: string; issues: BundleIssue[]; totalIssues: number }
  | { kind: "too-large"; error: string; limitBytes: number };

export interface IngestInput {
  chunks: AsyncIterable<Uint8Array>;
  fileName: string;
  uploadedBy?: string | null;
  /** Tags, variant and pairing the uploader set (CLI --tag/--variant/--pair, form fields); they override the bundle's. */
  options?: UploadOptions;
  onProgress?: (progress: IngestProgress) => void;
  /** Inspect logs: which scorer's values become rewards (default: the log's first). */
  scorer?: string;
  /** Aborts reading (and rolls back) when the client disconnects. */
  signal?: AbortSignal;
  /**
   * sha256 of `chunks`, when the caller has it (the upload job: the store hashed the bytes as they arrived). They are
   * not hashed again, and a bundle already stored is answered as a duplicate before the file is read.
   */
  contentHash?: string;
  /**
   * sha256 of `chunks` as the upload store computes it while they arrive (an ingest that reads an upload still
   * arriving: jobs/live-ingest.ts), known once they all have: they are not hashed again, and a duplicate is found as
   * without a hash.
   */
  arrivingContentHash?: Promise<string>;
  /**
   * Re-import: replace this stored bundle's rows in place (same bundle and run ids, names, variants,
   * pairing keys and tags) instead of storing a new bundle. The caller reads the bundle's raw upload.
   */
  reimport?: { bundleId: string; runs: KeptRun[] };
  /** The source format of a bundle document an importer made (a submission's domain), stored on its runs. */
  format?: BundleFormat;
}

/** A re-import that would lose a run (the importer no longer yields it) is refused: nothing is changed. */
export class ReimportLostRunError extends Error {}

const FLUSH_EVENTS = 5_000;
/**
 * The first batch is small and each next one twice the last, up to FLUSH_EVENTS: PostgreSQL starts writing after a
 * few records instead of after the first 5,000 events are parsed, and is kept busy from then on (a batch is parsed
 * faster than one is written). On a 1,000-simulation tau2 file this brought the first write forward by 0.1-0.4 s.
 */
const FIRST_FLUSH_EVENTS = 500;
/**
 * Records already read arrive through promise callbacks alone, which never let the event loop poll its sockets: the
 * writer's COPY (its round trips, its socket draining) would wait for the parser to run out of buffered input. Every
 * few milliseconds the reader steps aside so the batch in flight keeps PostgreSQL busy.
 */
const YIELD_EVERY_MS = 2;

/** The same Inspect log read with another scorer gives other rewards, so it is another bundle, not a duplicate. */
async function contentHashOf(tap: ByteTap, input: IngestInput): Promise<string> {
  const digest = await tap.digest();
  return input.scorer ? createHash("sha256").update(`${digest}\0scorer=${input.scorer}`).digest("hex") : digest;
}

class RejectedBundle extends Error {}
class DuplicateBundle extends Error {}

function countsOf(summary: BundleSummary): IngestCounts {
  const counts = (summary.counts ?? {}) as Partial<IngestCounts>;
  return {
    tasks: counts.tasks ?? 0,
    trajectories: counts.trajectories ?? 0,
    events: counts.events ?? 0,
    turnPredictions: counts.turnPredictions ?? 0,
    ...(counts.judgeLabels === undefined ? {} : { judgeLabels: counts.judgeLabels }),
  };
}

/** A judge review has no runs of its own: its answer names the runs its verdicts are on. */
async function duplicateResult(summary: BundleSummary): Promise<IngestResult> {
  const runs =
    summary.format === JUDGE_REVIEW_FORMAT ? await listJudgeReviewRuns({ bundleId: summary.id }) : summary.runs;
  return {
    kind: "stored",
    duplicate: true,
    bundleId: summary.id,
    format: summary.format,
    runs,
    counts: countsOf(summary),
    warnings: [],
  };
}

async function storeJudgeReview(document: Record<string, unknown>, tap: ByteTap, input: IngestInput) {
  const result = await ingestJudgeReview({
    document,
    contentHash: await contentHashOf(tap, input),
    fileName: input.fileName,
    sizeBytes: tap.bytes,
    uploadedBy: input.uploadedBy ?? null,
    mapping: input.options?.judgeLabels ?? {},
  });
  if (result.kind === "invalid")
    return { kind: "invalid", error: result.error, issues: result.issues, totalIssues: result.issues.length } as const;
  return {
    kind: "stored",
    duplicate: result.duplicate,
    bundleId: result.bundleId,
    format: JUDGE_REVIEW_FORMAT,
    runs: result.runs,
    counts: { tasks: 0, trajectories: 0, events: 0, turnPredictions: 0, judgeLabels: result.judgeLabels },
    warnings: result.warnings,
    ...(result.judgeReview ? { judgeReview: result.judgeReview } : {}),
  } as const;
}

async function* oneChunk(bytes: Buffer): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/**
 * A tau2-bench leaderboard submission: one bundle per domain (a bundle holds one suite), each stored by ingestBundle
 * in its own transaction after all were read without a problem (prepareSubmission), so bad data writes nothing.
 */
async function storeSubmission(found: SubmissionDocument, input: IngestInput): Promise<IngestResult> {
  const prepared = await prepareSubmission(found, input.fileName);
  if (!prepared.ok) {
    const issues = new IssueCollector();
    issues.addAll(prepared.issues);
    return invalid(issues);
  }
  const runs: { id: string; name: string }[] = [];
  const counts: IngestCounts = { tasks: 0, trajectories: 0, events: 0, turnPredictions: 0 };
  const warnings = [...prepared.warnings];
  let bundleId: string | undefined;
  let duplicate = true;
  for (const part of prepared.parts) {
    const result = await ingestBundle({
      chunks: oneChunk(part.bytes),
      fileName: part.fileName,
      format: "tau2-submission",
      ...(input.uploadedBy === undefined ? {} : { uploadedBy: input.uploadedBy }),
      ...(input.options === undefined ? {} : { options: input.options }),
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    });
    if (result.kind !== "stored") return result;
    bundleId ??= result.bundleId;
    duplicate &&= result.duplicate;
    runs.push(...result.runs);
    counts.tasks += result.counts.tasks;
    counts.trajectories += result.counts.trajectories;
    counts.events += result.counts.events;
    counts.turnPredictions += result.counts.turnPredictions;
  }
  return {
    kind: "stored",
    duplicate,
    bundleId: bundleId ?? "",
    format: "tau2-submission",
    runs,
    counts,
    warnings,
  };
}

/**
 * Re-import of a submission's run: the kept upload is the whole submission (its first domain's bundle keeps it), so
 * the domain whose run the bundle holds is converted afresh and replaces that bundle's rows.
 */
async function reimportSubmissionDomain(
  found: SubmissionDocument,
  input: IngestInput & { reimport: NonNullable<IngestInput["reimport"]> },
): Promise<IngestResult> {
  const issues = new IssueCollector();
  const prepared = await prepareSubmission(found, input.fileName);
  if (!prepared.ok) {
    issues.addAll(prepared.issues);
    return invalid(issues);
  }
  const kept = new Set(input.reimport.runs.map((run) => run.externalId));
  const part = prepared.parts.find((candidate) => kept.has(candidate.runId));
  if (!part) {
    issues.add({ path: "", message: "the submission no longer holds the domain of this run" });
    return invalid(issues);
  }
  return ingestBundle({
    chunks: oneChunk(part.bytes),
    fileName: part.fileName,
    format: "tau2-submission",
    reimport: input.reimport,
    ...(input.signal === undefined ? {} : { signal: input.signal }),
  });
}

function invalid(issues: IssueCollector): IngestResult {
  const noun = issues.total === 1 ? "problem" : "problems";
  const more = issues.total - issues.issues.length;
  const listed = more > 0 ? ` (the first ${issues.issues.length} are listed, ${more} more are not)` : "";
  return {
    kind: "invalid",
    error: `the bundle was rejected: ${issues.total} ${noun} found${listed}; nothing was stored`,
    issues: issues.issues,
    totalIssues: issues.total,
  };
}

/** The rows of one batch, by table (events and turn predictions by run: each run's go into its own partition). */
class RowBatch {
  readonly trajectories: RowSink<TrajectoryRow>;
  private readonly events = new Map<string, RowSink<EventRow>>();
  private readonly predictions = new Map<string, RowSink<TurnPredictionRow>>();
  eventCount = 0;
  predictionCount = 0;

  constructor(private readonly tx: IngestSession) {
    this.trajectories = trajectorySink(tx);
  }

  addEvents(runId: string, rows: EventRow[]): void {
    let sink = this.events.get(runId);
    if (!sink) this.events.set(runId, (sink = eventSink(this.tx, runId)));
    for (const row of rows) sink.add(row);
    this.eventCount += rows.length;
  }

  addPrediction(row: TurnPredictionRow): void {
    let sink = this.predictions.get(row.runId);
    if (!sink) this.predictions.set(row.runId, (sink = turnPredictionSink(this.tx, row.runId)));
    sink.add(row);
    this.predictionCount += 1;
  }

  async write(): Promise<void> {
    await this.trajectories.write();
    for (const sink of this.events.values()) await sink.write();
    for (const sink of this.predictions.values()) await sink.write();
  }
}

/**
 * Gathers prepared rows and writes them in batches inside the ingest transaction. A batch
 * is written while the next one is parsed (PostgreSQL works in its own process), so at
 * most one batch is in flight and memory stays bounded.
 */
class RowBuffer {
  private batch: RowBatch;
  private inFlight: Promise<void> = Promise.resolve();
  private flushAt = FIRST_FLUSH_EVENTS;

  constructor(private readonly tx: IngestSession) {
    this.batch = new RowBatch(tx);
  }

  addTrajectory(row: TrajectoryRow, events: EventRow[]): void {
    this.batch.trajectories.add(row);
    this.batch.addEvents(row.runId, events);
  }

  addPrediction(row: TurnPredictionRow): void {
    this.batch.addPrediction(row);
  }

  get full(): boolean {
    const { batch } = this;
    return (
      batch.eventCount >= this.flushAt || batch.trajectories.rows >= 1_000 || batch.predictionCount >= this.flushAt
    );
  }

  async flush(): Promise<void> {
    await this.inFlight;
    const { batch } = this;
    this.batch = new RowBatch(this.tx);
    this.flushAt = Math.min(FLUSH_EVENTS, this.flushAt * 2);
    this.inFlight = batch.write();
    // Observed here so a failure is not "unhandled" while parsing goes on; finish() rethrows it.
    this.inFlight.catch(() => {});
  }

  async finish(): Promise<void> {
    await this.flush();
    await this.inFlight;
  }
}

function taskRow(task: Task) {
  return {
    externalId: task.id,
    definitionHash: taskDefinitionHash(task),
    goal: task.goal ?? null,
    userFacts: task.userFacts ?? null,
    initialState: task.initialState ?? null,
    expectedFinalState: task.expectedFinalState ?? null,
    requiredReplyInfo: task.requiredReplyInfo,
    expectedBehavior: task.expectedBehavior ?? null,
    expectedActions: task.expectedActions ?? null,
    evaluationCriteria: task.evaluationCriteria ?? null,
    requiresTools: task.requiresTools,
    persona: task.persona ?? null,
    tags: task.tags,
    referenceConversation: task.referenceConversation ?? null,
  };
}

async function writeBundle(
  tx: IngestSession,
  opened: OpenedBundle,
  tap: ByteTap,
  input: IngestInput,
  issues: IssueCollector,
  bundleId: string,
  counts: IngestCounts,
) {
  // Strings PostgreSQL cannot store are spelled out before anything is written (and counted in a warning).
  const text = new TextRepair();
  const header = text.repair(opened.header, "header");
  const kept = new Map((input.reimport?.runs ?? []).map((run) => [run.externalId, run]));
  let keptTrajectoryIds = new Map<string, string>();
  if (input.reimport) {
    if (!(await lockBundleForReimport(tx, bundleId))) throw new Error(`bundle ${bundleId} no longer exists`);
    keptTrajectoryIds = await clearRunRows(
      tx,
      [...kept.values()].map((run) => run.id),
    );
  } else {
    await insertPendingBundle(tx, {
      id: bundleId,
      fileName: input.fileName,
      format: opened.format,
      uploadedBy: input.uploadedBy ?? null,
    });
  }
  const taskHashes = header.tasks.map((task) => ({ externalId: task.id, definitionHash: taskDefinitionHash(task) }));
  const suite = await resolveSuiteTaskSet(tx, header, taskHashes);
  const { suiteId } = suite;
  const tasksByExternalId = new Map<string, Task>(header.tasks.map((task) => [task.id, task]));
  const taskIds = await upsertTasks(tx, suiteId, header.tasks.map(taskRow));
  const modelIds = await upsertModels(
    tx,
    header.runs.map((run) => ({
      name: run.model.name,
      family: run.model.family ?? null,
      size: run.model.size ?? null,
    })),
  );
  const runIds = new Map(header.runs.map((run) => [run.id, kept.get(run.id)?.id ?? randomUUID()]));
  const lost = [...kept.keys()].filter((externalId) => !runIds.has(externalId));
  if (lost.length > 0)
    throw new ReimportLostRunError(`the re-import no longer yields run(s) ${lost.join(", ")}; nothing was changed`);
  const runs: RunRow[] = [];
  const reimported: RunRow[] = [];
  for (const run of header.runs) {
    const identity = await resolveRunIdentity(tx, {
      run,
      header,
      format: opened.format,
      suite,
      options: input.options ?? { tags: {} },
    });
    const keep = kept.get(run.id);
    (keep ? reimported : runs).push({
      id: runIds.get(run.id) ?? randomUUID(),
      bundleId,
      suiteId,
      modelId: modelIds.get(run.model.name) ?? "",
      externalId: run.id,
      name: identity.name,
      nameIsCustom: identity.nameIsCustom,
      variant: identity.variant,
      pairingKey: identity.pairingKey,
      agentConfig: run.agent ?? null,
      userSimulatorConfig: run.userSimulator ?? null,
      judgeConfig: run.judge ?? null,
      sourceFormat: opened.format,
      metadata: identity.metadata,
      tags: identity.tags,
      scoresVersion: SCORES_VERSION,
      importerVersion: IMPORTER_VERSION,
      // A re-import keeps what people chose for the run.
      ...(keep
        ? {
            name: keep.name,
            nameIsCustom: keep.nameIsCustom,
            variant: keep.variant,
            pairingKey: keep.pairingKey,
            tags: keep.tags,
          }
        : {}),
    });
  }
  await insertRuns(tx, runs);
  for (const run of reimported) await updateReimportedRun(tx, run);
  // Re-imported runs keep their partitions; only runs new to the bundle get theirs.
  await createRunPartitions(
    tx,
    runs.map((run) => run.id),
  );

  const rules = scoringRulesFor(opened.format);
  counts.tasks = header.tasks.length;
  const buffer = new RowBuffer(tx);
  const report = (phase: IngestProgress["phase"]) => input.onProgress?.({ phase, bytes: tap.bytes, ...counts });
  const heap = ingestHeapKeeper();
  let sliceStart = performance.now();
  for await (const record of opened.records) {
    if (performance.now() - sliceStart > YIELD_EVERY_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
    // After the first problem nothing more is written, but reading goes on to report every issue.
    if (issues.hasIssues) continue;
    text.repair(record.value, record.path);
    if (record.kind === "task") {
      // A task met only in a record (tau2 without a tasks entry): stored before the records that use it.
      const added = await upsertTasks(tx, suiteId, [taskRow(record.value)]);
      for (const [externalId, id] of added) taskIds.set(externalId, id);
      tasksByExternalId.set(record.value.id, record.value);
      counts.tasks += 1;
      continue;
    }
    const runId = runIds.get(record.value.run) ?? "";
    const taskId = taskIds.get(record.value.task) ?? "";
    if (record.kind === "trajectory") {
      const task = tasksByExternalId.get(record.value.task);
      if (!task) continue;
      const id = keptTrajectoryIds.get(trajectoryKey(runId, record.value.task, record.value.trial)) ?? randomUUID();
      const prepared = prepareTrajectory({ id, runId, taskId, task, record: record.value, rules });
      buffer.addTrajectory(prepared.trajectory, prepared.events);
      counts.trajectories += 1;
      counts.events += prepared.events.length;
    } else {
      buffer.addPrediction(prepareTurnPrediction({ id: randomUUID(), runId, taskId, record: record.value }));
      counts.turnPredictions += 1;
    }
    if (buffer.full) {
      await buffer.flush();
      report("reading");
      heap?.check();
    }
  }
  if (issues.hasIssues) {
    await buffer.finish().catch(() => {});
    throw new RejectedBundle();
  }
  const textWarning = text.warning();
  if (textWarning) opened.warnings.push(textWarning);
  report("committing");
  await buffer.finish();
  heap?.check();
  await attachRunPartitions(
    tx,
    runs.map((run) => run.id),
  );
  if (input.reimport) {
    await updateReimportedBundle(tx, {
      id: bundleId,
      format: opened.format,
      counts: { ...counts },
      warnings: opened.warnings,
    });
    await relinkStudyItems(
      tx,
      [...kept.values()].map((run) => run.id),
    );
    await restoreJudgeLabels(tx);
    return { runs: [...reimported, ...runs].map((run) => ({ id: run.id, name: run.name })), counts };
  }
  try {
    await finalizeBundle(tx, {
      id: bundleId,
      contentHash: await contentHashOf(tap, input),
      sizeBytes: tap.bytes,
      counts: { ...counts },
      warnings: opened.warnings,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateBundle();
    throw error;
  }
  return { runs: runs.map((run) => ({ id: run.id, name: run.name })), counts };
}

/** Keeps an ingest's garbage below LOOPSCOPE_INGEST_RSS_TARGET_MB (none when it is 0). */
export function ingestHeapKeeper(): HeapKeeper | undefined {
  const targetMb = serverConfig().LOOPSCOPE_INGEST_RSS_TARGET_MB;
  return targetMb > 0 ? new HeapKeeper({ targetBytes: targetMb * 1024 * 1024 }) : undefined;
}

/**
 * Validates and stores one bundle in a single transaction: all of it or nothing.
 * Bad user data never throws; it comes back as `invalid` with located issues.
 */
export async function ingestBundle(input: IngestInput): Promise<IngestResult> {
  const config = serverConfig();
  // Shared with the writer, so progress reported as bytes arrive carries the records counted so far.
  const counts: IngestCounts = { tasks: 0, trajectories: 0, events: 0, turnPredictions: 0 };
  const tap = new ByteTap(
    config.LOOPSCOPE_MAX_UPLOAD_BYTES,
    (bytes) =>
      input.onProgress?.({
        phase: "reading",
        bytes,
        trajectories: counts.trajectories,
        events: counts.events,
        turnPredictions: counts.turnPredictions,
      }),
    input.contentHash ?? input.arrivingContentHash,
  );
  const issues = new IssueCollector();
  const bundleId = input.reimport?.bundleId ?? randomUUID();
  // With the hash given, a repeated upload of a large file is answered now, not after reading and writing it all to
  // roll it back; without it, the hash is known before any write only when the file has been read whole (below).
  const checkedBeforeReading = input.contentHash !== undefined && !input.reimport;
  if (checkedBeforeReading) {
    const existing = await findBundleByHash({ contentHash: await contentHashOf(tap, input) });
    if (existing) return await duplicateResult(existing);
  }
  try {
    const opened = await openBundle(tap.wrap(input.chunks), issues, {
      fileName: input.fileName,
      signal: input.signal,
      createSpill: createTempFileSpill,
      createByteSpill: createTempFileByteSpill,
      ...(input.scorer ? { scorer: input.scorer } : {}),
      ...(input.format ? { format: input.format } : {}),
      limits: {
        maxDecompressedBytes: config.LOOPSCOPE_MAX_DECOMPRESSED_BYTES,
        maxArchiveEntries: config.LOOPSCOPE_MAX_ARCHIVE_ENTRIES,
        maxReadMs: config.LOOPSCOPE_MAX_READ_SECONDS * 1000,
      },
    });
    if (!opened) return invalid(issues);
    // A single JSON document has been read whole by now, so its hash is known before any write.
    if (tap.done && !input.reimport && !checkedBeforeReading) {
      const existing = await findBundleByHash({ contentHash: await contentHashOf(tap, input) });
      if (existing) {
        await opened.dispose?.();
        return await duplicateResult(existing);
      }
    }
    const written = await inIngestTransaction((tx) => writeBundle(tx, opened, tap, input, issues, bundleId, counts));
    return {
      kind: "stored",
      duplicate: false,
      bundleId,
      format: opened.format,
      runs: written.runs,
      counts: written.counts,
      warnings: opened.warnings,
    };
  } catch (error) {
    if (error instanceof RejectedBundle) return invalid(issues);
    if (error instanceof JudgeReviewDocument && !input.reimport)
      return await storeJudgeReview(error.document, tap, input);
    if (error instanceof SubmissionDocument)
      return input.reimport
        ? await reimportSubmissionDomain(error, { ...input, reimport: input.reimport })
        : await storeSubmission(error, input);
    if (error instanceof DuplicateBundle) {
      const existing = await findBundleByHash({ contentHash: await contentHashOf(tap, input) });
      if (existing) return await duplicateResult(existing);
      throw error;
    }
    if (error instanceof ReadAbortedError) {
      // Nobody is waiting for this answer; the transaction has rolled back.
      issues.add({ path: "", message: error.message });
      return invalid(issues);
    }
    if (error instanceof BundleInputError) {
      if (!(error instanceof TooManyIssuesError)) issues.add(error.issue);
      return invalid(issues);
    }
    if (error instanceof PayloadTooLargeError)
      return { kind: "too-large", error: error.message, limitBytes: error.limitBytes };
    if (error instanceof DecompressedTooLargeError)
      return { kind: "too-large", error: error.message, limitBytes: error.limit };
    throw error;
  }
}
