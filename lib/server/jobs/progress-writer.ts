import { writeUploadProgress, type UploadProgressPatch } from "@/lib/db/uploads";

const INTERVAL_MS = 250;

/**
 * Stores ingest progress at most every INTERVAL_MS with one write in flight, so progress
 * never slows the ingest; `settle` waits for that write before the final answer is stored.
 */
export function createProgressWriter(uploadId: string) {
  let inFlight: Promise<void> = Promise.resolve();
  let busy = false;
  let lastAt = 0;
  let pending: UploadProgressPatch | null = null;

  const write = (progress: UploadProgressPatch) => {
    busy = true;
    lastAt = Date.now();
    inFlight = writeUploadProgress({ id: uploadId, progress })
      .catch((error: unknown) => console.error(`could not store the progress of upload ${uploadId}`, error))
      .finally(() => {
        busy = false;
      });
  };

  return {
    report(progress: UploadProgressPatch, force = false): void {
      pending = progress;
      if (busy || (!force && Date.now() - lastAt < INTERVAL_MS)) return;
      pending = null;
      write(progress);
    },
    async settle(): Promise<void> {
      await inFlight;
      if (pending) {
        write(pending);
        pending = null;
        await inFlight;
      }
    },
  };
}
