import { z } from "zod";
import { findUploadStatus } from "@/lib/db/uploads";
import { AppError } from "./app-error";
import { watchUpload } from "./jobs/upload-changes";

export interface UploadStatus {
  uploadId: string;
  fileName: string;
  phase: z.infer<typeof PhaseSchema>;
  sizeBytes: number;
  bytes: number;
  trajectories: number;
  events: number;
  turnPredictions: number;
  attempts: number;
  lastError: string | null;
  /** When done: the status POST /api/bundles answered synchronously before (201, 200, 422, 413; 500 after the last retry). */
  status: number | null;
  result: unknown;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** The worker (host:pid) of the latest attempt and its last heartbeat: a lost one is retried (jobs/lost-workers.ts). */
  worker: string | null;
  lastSeenAt: string | null;
}

const PhaseSchema = z.enum(["queued", "reading", "writing", "metrics", "done"]).catch("queued");

export async function getUploadStatus(uploadId: string): Promise<UploadStatus> {
  const row = await findUploadStatus({ id: uploadId });
  if (!row) throw new AppError("not_found", `no upload with id ${uploadId}`);
  return {
    uploadId: row.id,
    fileName: row.fileName,
    phase: PhaseSchema.parse(row.phase),
    sizeBytes: Number(row.sizeBytes),
    bytes: Number(row.bytes),
    trajectories: row.trajectories,
    events: row.events,
    turnPredictions: row.turnPredictions,
    attempts: row.attempts,
    lastError: row.lastError,
    status: row.httpStatus,
    result: row.result,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    worker: row.workerName,
    lastSeenAt: row.heartbeatAt?.toISOString() ?? null,
  };
}

/** The longest a status request may be held open (`?wait=`); a client following a job simply asks again. */
export const MAX_STATUS_WAIT_SECONDS = 25;
/**
 * A held request wakes when this process changes the upload (the job runs in the web server by default); a job run
 * by a worker in another process is seen by looking at the upload again this often.
 */
const WAIT_CHECK_MS = 250;

export const UploadStatusQuery = z.object({
  /** The `updatedAt` of the status the client holds: the answer waits until the upload has moved on from it. */
  after: z.iso.datetime().optional(),
  wait: z.coerce.number().min(0).max(MAX_STATUS_WAIT_SECONDS).optional(),
});
export type UploadStatusQuery = z.infer<typeof UploadStatusQuery>;

/**
 * The upload's status once it differs from the one the client holds (`after`) or the job is done, for at most `wait`
 * seconds; then the status as it is. A client following a job (the upload page, `loopscope upload`) learns of each
 * phase and the answer as soon as it is stored (within WAIT_CHECK_MS from a worker in another process), where
 * polling once a second left it up to a second late.
 * Without `after` it answers at once.
 */
export async function waitForUploadStatus(
  uploadId: string,
  { after, wait = 0 }: UploadStatusQuery,
  signal?: AbortSignal,
): Promise<UploadStatus> {
  const deadline = Date.now() + wait * 1000;
  const seen = after === undefined ? null : new Date(after).getTime();
  for (;;) {
    const watch = watchUpload(uploadId, Math.max(0, Math.min(WAIT_CHECK_MS, deadline - Date.now())), signal);
    const status = await getUploadStatus(uploadId);
    const moved = seen === null || new Date(status.updatedAt).getTime() !== seen;
    if (moved || status.phase === "done" || signal?.aborted || Date.now() >= deadline) {
      watch.stop();
      return status;
    }
    await watch.next;
  }
}
