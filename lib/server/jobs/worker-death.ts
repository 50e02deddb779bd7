import { finishUpload as storeAnswer, recordWorkerDeath, releaseInterruptedAttempt } from "@/lib/db/uploads";
import { removeStoredUpload } from "../upload-store";
import { INGEST_QUEUE, jobQueue, type IngestQueue } from "./queue";
import { atTrajectory } from "./ingest-failure";
import { announcing } from "./upload-changes";

const finishUpload = announcing(storeAnswer);

export interface IngestDeath {
  uploadId: string;
  /** The pg-boss job the worker had taken (null when the death is charged without one, as in tests). */
  jobId: string | null;
  /** The job's queue (its ingest lane); the main one when not given. */
  queue?: IngestQueue;
  /** The worker's stderr said V8 reached its heap limit. */
  outOfMemory: boolean;
  /** How the process ended, e.g. "signal SIGKILL" or "exit code 134". */
  exit: string;
  heapMb: number;
}

export type DeathOutcome = "refused-out-of-memory" | "refused-died-twice" | "retried" | "already-answered";

/**
 * The web server's worker child died while it ingested an upload. Out of memory, the input is what needed the memory
 * (the cap is the documented limit): the upload is refused at once with 413, where the ingest was. Any other death
 * (killed, crashed) is retried once; a second death on the same upload refuses it with 422. The job is completed or
 * failed here, so pg-boss neither waits for its expiry nor retries a refused upload.
 */
export async function chargeIngestDeath(death: IngestDeath): Promise<DeathOutcome> {
  const cause = death.outOfMemory
    ? `the ingest ran out of memory (LOOPSCOPE_INGEST_HEAP_MB=${death.heapMb})`
    : `the ingest's worker died (${death.exit})`;
  const row = await recordWorkerDeath({ id: death.uploadId, error: cause });
  if (!row) {
    await settleJob(death, "complete");
    return "already-answered";
  }
  return settleIngestDeath(death, cause, row);
}

/**
 * After the death was recorded on the upload (`row`, as it stands now): refuse it (out of memory, or its second
 * death) or hand its job back to pg-boss to retry.
 */
export async function settleIngestDeath(
  death: IngestDeath,
  cause: string,
  row: { workerDeaths: number; trajectories: number; storagePath: string },
): Promise<DeathOutcome> {
  const where = atTrajectory(row.trajectories);
  if (death.outOfMemory) {
    await finishUpload({
      id: death.uploadId,
      httpStatus: 413,
      result: {
        error: `the ingest ran out of memory ${where} (its limit is ${death.heapMb} MB); refused`,
        limitMb: death.heapMb,
      },
    });
  } else if (row.workerDeaths >= 2) {
    await finishUpload({
      id: death.uploadId,
      httpStatus: 422,
      result: {
        error: `the ingest's worker died twice on this upload (last ${where}, ${death.exit}); refused, not retried`,
        issues: [],
        totalIssues: 0,
      },
    });
  } else {
    await settleJob(death, "fail", cause);
    return "retried";
  }
  await removeStoredUpload(row.storagePath);
  await settleJob(death, "complete");
  return death.outOfMemory ? "refused-out-of-memory" : "refused-died-twice";
}

/**
 * The worker died while it ingested this upload and another one beside it, and the death is charged to the other (out
 * of memory: the big lane's upload needed it). This one is not charged: its attempt is closed and its job retried.
 */
export async function retryBesideDeath(death: Pick<IngestDeath, "uploadId" | "jobId" | "queue">): Promise<void> {
  const closed = await releaseInterruptedAttempt({
    id: death.uploadId,
    error: "its worker died while ingesting another upload beside it; retrying",
  });
  await settleJob(death, closed ? "fail" : "complete", "the worker died while ingesting another upload");
}

async function settleJob(
  { jobId, queue = INGEST_QUEUE }: Pick<IngestDeath, "jobId" | "queue">,
  how: "complete" | "fail",
  error?: string,
): Promise<void> {
  if (!jobId) return;
  const boss = await jobQueue();
  if (how === "complete") await boss.complete(queue, jobId);
  // A failed job is retried by pg-boss (retry delay 1 s) while it has retries left.
  else await boss.fail(queue, jobId, { error });
}

export interface IngestInFlight {
  uploadId: string;
  jobId: string | null;
  queue: IngestQueue;
}

/**
 * Charges a death to the uploads the child was ingesting. Out of memory, only one needed the memory: the main lane's
 * upload (a small one is bounded by LOOPSCOPE_SMALL_UPLOAD_BYTES) is refused, and a small one beside it is retried
 * uncharged. Any other death (killed, crashed) is charged to each, as to a single one.
 */
export async function chargeWorkerDeath(
  dying: IngestInFlight[],
  how: { outOfMemory: boolean; exit: string; heapMb: number },
): Promise<void> {
  const culprit = how.outOfMemory ? (dying.find((ingest) => ingest.queue === INGEST_QUEUE) ?? dying[0]) : undefined;
  for (const ingest of dying) {
    try {
      if (culprit && ingest !== culprit) {
        await retryBesideDeath(ingest);
        console.error(`[loopscope] upload ${ingest.uploadId}: retried (its worker died of another upload)`);
      } else {
        const outcome = await chargeIngestDeath({ ...ingest, ...how });
        console.error(`[loopscope] upload ${ingest.uploadId}: ${outcome}`);
      }
    } catch (error) {
      console.error(`[loopscope] upload ${ingest.uploadId}: could not record the worker's death`, error);
    }
  }
}
