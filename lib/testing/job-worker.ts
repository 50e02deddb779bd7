import { afterAll, beforeAll } from "vitest";
import { stopJobQueue } from "@/lib/server/jobs/queue";
import { startWorker } from "@/lib/server/jobs/start-worker";
import { useJobQueue, useTemporaryUploadDir } from "./upload-jobs";

/**
 * For a test file whose jobs a worker in the test process takes: before its tests the job queue is switched on, raw
 * uploads go to a fresh directory and a worker starts; after them the worker and the queue stop. Call it at the top
 * level of the file, after any `beforeAll` that must still ingest in the request.
 */
export function useJobWorker(): void {
  let stopWorker: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    useJobQueue();
    if (!process.env.LOOPSCOPE_UPLOAD_DIR) useTemporaryUploadDir();
    stopWorker = await startWorker();
  });
  afterAll(async () => {
    await stopWorker?.();
    await stopJobQueue({ graceful: false });
    delete process.env.LOOPSCOPE_UPLOAD_DIR;
  });
}
