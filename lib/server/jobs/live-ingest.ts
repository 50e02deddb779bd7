import { findBundleByHash } from "@/lib/db/bundles";
import { lockUpload } from "@/lib/db/upload-lock";
import { serverConfig } from "../config";
import { followFile, type ReceivingFile } from "../follow-file";
import { ingestBundle, type IngestResult } from "../ingest-bundle";
import type { StoredUploadOptions } from "../upload-options";
import { INGEST_QUEUE, jobsEnabled, worksQueueHere } from "./queue";
import { processUpload, progressReporter, type StartedIngest } from "./process-upload";
import { createProgressWriter } from "./progress-writer";
import { tryTakeIngestSlot } from "./ingest-slot";

export interface LiveIngest {
  /** Handed to the store: the ingest reads the file as it is written. */
  watch(file: ReceivingFile): void;
  /**
   * The body is stored and the Upload row written: the ingest's answer is recorded on the row as the job would
   * record it, in the background. A body already stored as a bundle is not read on: the job answers it.
   */
  adopt(contentHash: string): Promise<void>;
  /** The body was refused: the ingest stops, rolls back, and the slot and lock are given back. */
  cancel(): Promise<void>;
}

/**
 * Ingest while the body arrives. An upload received by a process that works the ingest queue itself (the default:
 * the worker runs inside `next start`), with its raw uploads kept on local disk, is read by the ingest as the store
 * writes it, instead of from the stored file once the job starts: the job's wait and most of the receiving overlap
 * the ingest. The upload is still queued as a job once stored, and the attempt holds the upload's advisory lock, so
 * that job (here or in another process) waits for it and then finds the answer stored; if this process dies, the lock
 * goes with its connection and the job ingests the stored file as usual. One ingest at a time per process: when
 * the worker is busy, the upload simply waits for its job. Off with LOOPSCOPE_INGEST_WHILE_RECEIVING=off.
 */
export async function startLiveIngest(input: {
  uploadId: string;
  fileName: string;
  uploadedBy: string | null;
  options: StoredUploadOptions;
}): Promise<LiveIngest | null> {
  const config = serverConfig();
  if (config.LOOPSCOPE_INGEST_WHILE_RECEIVING === "off" || config.LOOPSCOPE_S3_BUCKET) return null;
  if (!jobsEnabled() || !worksQueueHere(INGEST_QUEUE)) return null;
  const releaseSlot = tryTakeIngestSlot();
  if (!releaseSlot) return null;
  let unlock: () => Promise<void>;
  try {
    unlock = await lockUpload(input.uploadId);
  } catch (error) {
    releaseSlot();
    throw error;
  }
  const finish = async () => {
    // The slot first: an upload arriving next can start while the lock is given back.
    releaseSlot();
    await unlock();
  };
  const abort = new AbortController();
  let watched: (file: ReceivingFile) => void = () => {};
  let unwatched: (error: Error) => void = () => {};
  const file = new Promise<ReceivingFile>((resolve, reject) => {
    watched = resolve;
    unwatched = reject;
  });
  const progress = createProgressWriter(input.uploadId);
  const reporter = progressReporter(progress);
  const { scorer, ...options } = input.options;
  const result: Promise<IngestResult> = file.then((receiving) =>
    ingestBundle({
      chunks: followFile(receiving),
      arrivingContentHash: receiving.ended,
      fileName: input.fileName,
      uploadedBy: input.uploadedBy,
      options,
      ...(scorer === undefined ? {} : { scorer }),
      signal: abort.signal,
      // Written to the Upload row once it exists (a progress write before that changes nothing).
      onProgress: reporter.report,
    }),
  );
  result.catch(() => undefined);
  const started: StartedIngest = { result, progress, reporter };

  const cancel = async () => {
    const notStored = new Error("the upload was not stored");
    // Refused before the store opened its file, the ingest is still waiting for it.
    unwatched(notStored);
    abort.abort(notStored);
    await result.catch(() => undefined);
    await progress.settle();
    await finish();
  };
  return {
    watch: watched,
    cancel,
    async adopt(contentHash) {
      // The same bytes stored before: the job answers "duplicate" without this attempt reading them all. A bundle
      // found now may also be this attempt's own, committed since the store ended: then its answer stands.
      if (scorer === undefined && (await findBundleByHash({ contentHash }))) {
        abort.abort(new Error("the upload is a duplicate"));
        const outcome = await result.catch(() => null);
        if (outcome?.kind !== "stored" || outcome.duplicate) return cancel();
      }
      void processUpload({ uploadId: input.uploadId, finalAttempt: false, started, onStored: releaseSlot })
        // A failed attempt is on the row (lastError); the queued job retries it once the lock is free.
        .catch((error: unknown) =>
          console.error(`[loopscope] upload ${input.uploadId}: ingest while receiving failed`, error),
        )
        .finally(() => void finish());
    },
  };
}
