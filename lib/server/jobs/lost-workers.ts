import { hostname } from "node:os";
import { claimLostIngests } from "@/lib/db/lost-ingests";
import { beatUploadHeartbeat } from "@/lib/db/uploads";
import { serverConfig } from "../config";
import { atTrajectory } from "./ingest-failure";
import { INGEST_QUEUES, type IngestQueue } from "./queue";
import { settleIngestDeath, type DeathOutcome } from "./worker-death";

/** How an attempt names its worker on the upload: the machine and the process. */
export function workerName(): string {
  return `${hostname()}:${process.pid}`;
}

/**
 * Beats the upload's heartbeat until the returned function is called. A failed beat is only logged: the attempt goes
 * on, and the lock it holds keeps it from being taken for lost while it is alive.
 */
export function startHeartbeat(uploadId: string): () => void {
  const timer = setInterval(() => {
    beatUploadHeartbeat({ id: uploadId }).catch((error: unknown) =>
      console.warn(`[loopscope] upload ${uploadId}: heartbeat not written`, error),
    );
  }, serverConfig().LOOPSCOPE_JOB_HEARTBEAT_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * One look for ingest attempts whose worker is lost (lib/db/lost-ingests.ts): each is charged as a worker death, so
 * its job is retried now (or the upload refused after a second death) instead of at pg-boss's expiry.
 */
export async function retryLostIngests(): Promise<{ uploadId: string; outcome: DeathOutcome }[]> {
  const lost = await claimLostIngests({
    lostSeconds: serverConfig().LOOPSCOPE_WORKER_LOST_SECONDS,
    queues: INGEST_QUEUES,
    cause: lostCause,
  });
  const outcomes = [];
  for (const ingest of lost) {
    const exit = lostExit(ingest);
    const queue = ingest.queue as IngestQueue;
    const death = { uploadId: ingest.uploadId, jobId: ingest.jobId, queue, outOfMemory: false, exit, heapMb: 0 };
    const outcome = await settleIngestDeath(death, exit, ingest);
    console.warn(`[loopscope] upload ${ingest.uploadId}: ${exit}: ${outcome}`);
    outcomes.push({ uploadId: ingest.uploadId, outcome });
  }
  return outcomes;
}

function lostExit(lost: { workerName: string | null; silentSeconds: number }): string {
  return `worker ${lost.workerName ?? "(unnamed)"} lost, no heartbeat for ${lost.silentSeconds} s`;
}

/** What the upload shows while its job waits for the retry, e.g. "worker a:12 lost at trajectory 3,576 ...". */
function lostCause(lost: { workerName: string | null; silentSeconds: number; trajectories: number }): string {
  return `${lostExit(lost)} (${atTrajectory(lost.trajectories)}); retrying`;
}

/** Every worker looks for lost ones (overlapping looks are harmless: a claim is one statement). */
export function startLostWorkerWatch(): () => void {
  const every = Math.max(1, Math.min(serverConfig().LOOPSCOPE_WORKER_LOST_SECONDS / 3, 10)) * 1000;
  const timer = setInterval(() => {
    retryLostIngests().catch((error: unknown) => console.error("[loopscope] looking for lost workers failed", error));
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
