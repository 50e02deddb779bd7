import { finishUpload as storeAnswer, recordWorkerDeath } from "@/lib/db/uploads";
import { removeStoredUpload } from "../upload-store";
import { INGEST_QUEUE, jobQueue } from "./queue";
import { atTrajectory } from "./ingest-failure";
import { announcing } from "./upload-changes";

const finishUpload = announcing(storeAnswer);

export interface IngestDeath {
  uploadId: string;
  /** The pg-boss job the worker had taken (null when the death is charged without one, as in tests). */
  jobId: string | null;
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
    await settleJob(death.jobId, "complete");
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
    await settleJob(death.jobId, "fail", cause);
    return "retried";
  }
  await removeStoredUpload(row.storagePath);
  await settleJob(death.jobId, "complete");
  return death.outOfMemory ? "refused-out-of-memory" : "refused-died-twice";
}

async function settleJob(jobId: string | null, how: "complete" | "fail", error?: string): Promise<void> {
  if (!jobId) return;
  const boss = await jobQueue();
  if (how === "complete") await boss.complete(INGEST_QUEUE, jobId);
  // A failed job is retried by pg-boss (retry delay 1 s) while it has retries left.
  else await boss.fail(INGEST_QUEUE, jobId, { error });
}
