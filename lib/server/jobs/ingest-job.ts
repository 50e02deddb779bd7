import { findUploadStatus } from "@/lib/db/uploads";
import { lockUpload } from "@/lib/db/upload-lock";
import { takeIngestSlot } from "./ingest-slot";
import { processUpload } from "./process-upload";
import { INGEST_QUEUE, type IngestQueue } from "./queue";

/**
 * One ingest job of the queue. The upload's lock comes first: an attempt that began while the upload arrived holds it
 * until its answer is stored, and then the job has nothing left to do and ends without taking this process's ingest
 * slot, so an upload arriving right after finds the slot free and is ingested as it arrives instead of waiting for
 * its own job. Only a job with work left waits for the slot. Lock before slot cannot deadlock with an arriving
 * upload, which takes the slot and then the lock of its own new upload, whose job does not exist yet.
 */
export async function runIngestJob({
  uploadId,
  finalAttempt,
  lane = INGEST_QUEUE,
}: {
  uploadId: string;
  finalAttempt: boolean;
  /** The queue the job came from: its lane's slot is taken (lib/server/jobs/ingest-slot.ts). */
  lane?: IngestQueue;
}) {
  const unlock = await lockUpload(uploadId);
  try {
    const upload = await findUploadStatus({ id: uploadId });
    if (!upload || upload.phase === "done") return;
    const releaseSlot = await takeIngestSlot(lane);
    try {
      await processUpload({ uploadId, finalAttempt, onStored: releaseSlot });
    } finally {
      releaseSlot();
    }
  } finally {
    await unlock();
  }
}
