import { randomUUID } from "node:crypto";
import { findUploadStatus, insertUpload } from "@/lib/db/uploads";
import { AppError } from "./app-error";
import type { Actor } from "./auth/roles";
import { PayloadTooLargeError } from "./byte-tap";
import { enqueueJob, ingestQueueFor, jobsEnabled } from "./jobs/queue";
import { processUpload } from "./jobs/process-upload";
import { startLiveIngest } from "./jobs/live-ingest";
import { serverConfig } from "./config";
import { storeUpload } from "./upload-store";
import type { UploadSource } from "./upload-request";
import type { StoredUploadOptions } from "./upload-options";

export type ReceivedUpload =
  | { kind: "queued"; uploadId: string; statusUrl: string }
  | { kind: "finished"; uploadId: string; status: number; body: unknown };

/** The options as a JSON object without undefined members (what the Upload row stores for the job). */
function storableOptions(options: StoredUploadOptions): { [key: string]: string | Record<string, string> } {
  const stored: { [key: string]: string | Record<string, string> } = { tags: options.tags };
  if (options.judgeLabels !== undefined) stored.judgeLabels = { ...options.judgeLabels };
  for (const key of ["variant", "pair", "scorer"] as const) {
    const value = options[key];
    if (value !== undefined) stored[key] = value;
  }
  return stored;
}

export function uploadStatusUrl(uploadId: string): string {
  return `/api/uploads/${uploadId}`;
}

/**
 * Takes an upload off the request path: its bytes go to raw storage, an Upload row records
 * it and a job ingests it (or, in a process that works the queue, an ingest that began as the
 * bytes arrived: jobs/live-ingest.ts). On the embedded database (no job queue) it is ingested here.
 */
export async function receiveUpload(
  actor: Actor,
  source: UploadSource,
  options: StoredUploadOptions = { tags: {} },
  clientSignal?: AbortSignal,
): Promise<ReceivedUpload> {
  const uploadId = randomUUID();
  // Receiving is bounded like reading: a client that trickles bytes is cut at the time limit, one that leaves is not waited for.
  const seconds = serverConfig().LOOPSCOPE_MAX_READ_SECONDS;
  const timeout = AbortSignal.timeout(seconds * 1000);
  const signal = clientSignal ? AbortSignal.any([clientSignal, timeout]) : timeout;
  const live = await startLiveIngest({
    uploadId,
    fileName: source.fileName,
    uploadedBy: actor.userId ?? actor.name,
    options,
  });
  let stored;
  try {
    stored = await storeUpload(uploadId, source.chunks, signal, live?.watch);
    await source.done;
    await insertUpload({
      id: uploadId,
      fileName: source.fileName,
      storagePath: stored.storagePath,
      sizeBytes: stored.sizeBytes,
      contentHash: stored.contentHash,
      actorId: actor.userId,
      actorName: actor.name,
      options: storableOptions(options),
    });
    if (jobsEnabled()) await enqueueJob(ingestQueueFor(stored.sizeBytes), { uploadId });
  } catch (error) {
    await live?.cancel();
    if (error instanceof PayloadTooLargeError)
      throw new AppError("payload_too_large", error.message, { limitBytes: error.limitBytes });
    if (timeout.aborted) {
      const message = `the upload took longer than ${seconds} s to arrive (LOOPSCOPE_MAX_READ_SECONDS)`;
      throw new AppError("unprocessable", message, { issues: [{ path: "", message }], totalIssues: 1 });
    }
    if (clientSignal?.aborted) throw new AppError("bad_request", "the client disconnected before the upload arrived");
    throw error;
  }
  if (jobsEnabled()) {
    await live?.adopt(stored.contentHash);
    return { kind: "queued", uploadId, statusUrl: uploadStatusUrl(uploadId) };
  }
  await processUpload({ uploadId, finalAttempt: true });
  const row = await findUploadStatus({ id: uploadId });
  return {
    kind: "finished",
    uploadId,
    status: row?.httpStatus ?? 500,
    body: row?.result ?? { error: "the upload finished without an answer" },
  };
}
