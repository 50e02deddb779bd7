import {
  finishUpload as storeAnswer,
  findUploadForJob,
  isBundleClaimed,
  setUploadStoragePath,
  recordUploadError as storeError,
  startUploadAttempt as storeAttempt,
  type UploadJobRow,
  type UploadResultJson,
} from "@/lib/db/uploads";
import { recordUpload } from "../audit";
import { warmRunsForLeaderboard } from "../leaderboard-summaries";
import { ingestBundle, ingestHeapKeeper, type IngestProgress, type IngestResult } from "../ingest-bundle";
import { StoredUploadOptionsSchema } from "../upload-options";
import { compressKeptUpload, readStoredUpload, removeStoredUpload } from "../upload-store";
import { requestSearchIndexes } from "../search-indexing";
import { createProgressWriter } from "./progress-writer";
import { announcing } from "./upload-changes";
import { atTrajectory, errorMessage, isDataError } from "./ingest-failure";
import { startHeartbeat, workerName } from "./lost-workers";

type Stored = Extract<IngestResult, { kind: "stored" }>;

// Each change of the Upload row wakes the status requests of this process that wait on it.
const startUploadAttempt = announcing(storeAttempt);
const recordUploadError = announcing(storeError);
const finishUpload = announcing(storeAnswer);

/** The stored phase: "reading" until the first rows are written, then "writing" until commit. */
function phaseOf(progress: IngestProgress): string {
  if (progress.phase === "committing") return "writing";
  return progress.trajectories + progress.events + progress.turnPredictions > 0 ? "writing" : "reading";
}

function storedBody(result: Stored, duplicate: boolean): UploadResultJson {
  return {
    duplicate,
    bundleId: result.bundleId,
    format: result.format,
    runs: result.runs,
    counts: { ...result.counts },
    warnings: result.warnings,
    // A plain JSON copy (the contract's interfaces have no index signature).
    ...(result.judgeReview ? { judgeReview: JSON.parse(JSON.stringify(result.judgeReview)) as UploadResultJson } : {}),
  };
}

/**
 * A retried attempt finds the bundle an earlier attempt of this same upload committed just
 * before its worker died; that is this upload's own result, not a duplicate of someone else's.
 */
async function isOwnEarlierCommit(upload: UploadJobRow, result: Stored): Promise<boolean> {
  if (!result.duplicate || upload.attempts === 0) return false;
  return !(await isBundleClaimed({ bundleId: result.bundleId, exceptUploadId: upload.id }));
}

export type ProgressWriter = ReturnType<typeof createProgressWriter>;

/**
 * The ingest's progress as the Upload row stores it. A new phase is stored at once (forced), so the page sees every
 * phase however short; `repeat` stores the latest again (an attempt started before its row existed).
 */
export function progressReporter(progress: ProgressWriter) {
  let lastPhase = "";
  let latest: IngestProgress | null = null;
  const report = (current: IngestProgress) => {
    const phase = phaseOf(current);
    progress.report({ ...current, phase }, phase !== lastPhase);
    lastPhase = phase;
    latest = current;
  };
  return {
    report,
    /** Trajectories read so far (where a failure happened). */
    trajectories: (): number => latest?.trajectories ?? 0,
    repeat: () => {
      lastPhase = "";
      if (latest) report(latest);
    },
  };
}

/** An ingest of the upload that began before its job (while its body arrived: lib/server/live-ingest.ts). */
export interface StartedIngest {
  result: Promise<IngestResult>;
  progress: ProgressWriter;
  reporter: ReturnType<typeof progressReporter>;
}

/**
 * Ingests one stored upload (or takes the answer of an ingest `started` while it arrived) and records its answer on
 * the Upload row: 201/200/422/413 as the synchronous route answered. A thrown error (database gone, worker stopping)
 * is stored as `lastError` and rethrown so the queue retries; on the final attempt it becomes a 500 answer.
 * `onStored` is called once a stored bundle's answer is out, before the work that follows it (search's index job is
 * requested, the kept file gzipped): the caller's ingest slot can go to the next upload then.
 */
export async function processUpload({
  uploadId,
  finalAttempt,
  started,
  onStored,
}: {
  uploadId: string;
  finalAttempt: boolean;
  started?: StartedIngest;
  onStored?: () => void;
}): Promise<void> {
  const upload = await findUploadForJob({ id: uploadId });
  if (!upload || upload.phase === "done") {
    await started?.result.catch(() => undefined);
    return;
  }
  const { workerDeaths } = await startUploadAttempt({
    id: uploadId,
    lastError: upload.lastError,
    workerName: workerName(),
  });
  if (workerDeaths >= 2) {
    await started?.result.catch(() => undefined);
    await refuseAfterWorkerDeaths(upload);
    return;
  }
  const stopHeartbeat = startHeartbeat(uploadId);
  started?.reporter.repeat();
  const progress = started?.progress ?? createProgressWriter(uploadId);
  const reporter = started?.reporter ?? progressReporter(progress);
  try {
    const { scorer, ...options } = StoredUploadOptionsSchema.parse(upload.options);
    const result = await (started?.result ??
      ingestBundle({
        chunks: readStoredUpload(upload.storagePath),
        contentHash: upload.contentHash,
        fileName: upload.fileName,
        uploadedBy: upload.actorId ?? upload.actorName,
        options,
        ...(scorer === undefined ? {} : { scorer }),
        onProgress: reporter.report,
      }));
    await progress.settle();
    await finishWith(upload, result, progress, onStored);
  } catch (error) {
    await progress.settle();
    const message = errorMessage(error);
    // The input caused it (a value PostgreSQL refuses, broken compression, a string too long for V8): the same bytes
    // fail the same way on every attempt, so the answer is a 422 now, not a retry.
    if (isDataError(error)) {
      const where = atTrajectory(reporter.trajectories());
      await finishUpload({
        id: uploadId,
        httpStatus: 422,
        result: {
          error: `the upload could not be stored (${where}): ${message}`,
          issues: [{ path: `trajectories[${reporter.trajectories()}]`, message: `${where}: ${message}` }],
          totalIssues: 1,
        },
      });
      await removeStoredUpload(upload.storagePath);
      return;
    }
    if (finalAttempt) {
      await finishUpload({
        id: uploadId,
        httpStatus: 500,
        result: { error: `the upload could not be ingested after ${upload.attempts + 1} attempts: ${message}` },
      });
      return;
    }
    await recordUploadError({ id: uploadId, error: message });
    throw error;
  } finally {
    stopHeartbeat();
    // Scoring and warming the metrics leave garbage too: given back before the server waits for the next job.
    ingestHeapKeeper()?.check();
  }
}

/**
 * Two attempts on this upload lost their worker (out of memory, killed): a third would most likely die too and take
 * its worker's other jobs with it, so the upload is refused with the last death's cause.
 */
async function refuseAfterWorkerDeaths(upload: UploadJobRow): Promise<void> {
  await finishUpload({
    id: upload.id,
    httpStatus: 422,
    result: {
      error: `the ingest's worker died twice on this upload; refused, not retried${upload.lastError ? ` (last: ${upload.lastError})` : ""}`,
      issues: [],
      totalIssues: 0,
    },
  });
  await removeStoredUpload(upload.storagePath);
}

async function finishWith(
  upload: UploadJobRow,
  result: IngestResult,
  progress: ProgressWriter,
  onStored?: () => void,
): Promise<void> {
  switch (result.kind) {
    case "stored": {
      const ours = !result.duplicate || (await isOwnEarlierCommit(upload, result));
      if (!ours) {
        await finishUpload({ id: upload.id, httpStatus: 200, result: storedBody(result, true) });
        await removeStoredUpload(upload.storagePath);
        return;
      }
      await recordUpload(
        { userId: upload.actorId, name: upload.actorName },
        { bundleId: result.bundleId, fileName: upload.fileName, format: result.format, counts: { ...result.counts } },
      );
      const { trajectories, events, turnPredictions } = result.counts;
      progress.report(
        { phase: "metrics", bytes: Number(upload.sizeBytes), trajectories, events, turnPredictions },
        true,
      );
      await progress.settle();
      // Warm the per-run metrics cache and leaderboard row now, so the leaderboard never computes many runs at once.
      await warmRunsForLeaderboard(result.runs.map((run) => run.id));
      // The raw upload is kept: runs can be re-imported from it when importers change.
      await finishUpload({ id: upload.id, httpStatus: 201, result: storedBody(result, false) });
      onStored?.();
      // After the answer: the run is shown while search's indexes are built (a job, or here without a queue).
      await requestSearchIndexes(result.runs.map((run) => run.id));
      // Kept as it came while it was read on arrival (jobs/live-ingest.ts): gzipped now that the answer is out.
      const compressed = await compressKeptUpload(upload.storagePath);
      if (compressed) {
        await setUploadStoragePath({ id: upload.id, storagePath: compressed });
        await removeStoredUpload(upload.storagePath);
      }
      return;
    }
    case "invalid":
      await finishUpload({
        id: upload.id,
        httpStatus: 422,
        result: {
          error: result.error,
          issues: result.issues.map((issue) => ({ ...issue })),
          totalIssues: result.totalIssues,
        },
      });
      await removeStoredUpload(upload.storagePath);
      return;
    case "too-large":
      await finishUpload({
        id: upload.id,
        httpStatus: 413,
        result: { error: result.error, limitBytes: result.limitBytes },
      });
      await removeStoredUpload(upload.storagePath);
      return;
  }
}
