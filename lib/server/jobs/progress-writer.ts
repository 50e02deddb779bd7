import { writeUploadProgress, type UploadProgressPatch } from "@/lib/db/uploads";
import { announcing } from "./upload-changes";

type Store = (progress: UploadProgressPatch) => Promise<void>;

const storeAndAnnounce = announcing(writeUploadProgress);

const INTERVAL_MS = 250;

/**
 * Stores ingest progress at most every INTERVAL_MS with one write in flight, so progress
 * never slows the ingest; `settle` waits for that write before the final answer is stored.
 * A forced report (a new phase) is never dropped: if a write is in flight, it follows that write.
 */
export function createProgressWriter(
  uploadId: string,
  store: Store = (progress) => storeAndAnnounce({ id: uploadId, progress }),
) {
  let inFlight: Promise<void> = Promise.resolve();
  let busy = false;
  let lastAt = 0;
  let pending: UploadProgressPatch | null = null;
  let pendingForced = false;

  const write = (progress: UploadProgressPatch) => {
    busy = true;
    lastAt = Date.now();
    inFlight = store(progress)
      .catch((error: unknown) => console.error(`could not store the progress of upload ${uploadId}`, error))
      .finally(() => {
        busy = false;
        if (pending && pendingForced) {
          const next = pending;
          pending = null;
          pendingForced = false;
          write(next);
        }
      });
  };

  return {
    report(progress: UploadProgressPatch, force = false): void {
      pending = progress;
      pendingForced ||= force;
      if (busy || (!force && Date.now() - lastAt < INTERVAL_MS)) return;
      pending = null;
      pendingForced = false;
      write(progress);
    },
    async settle(): Promise<void> {
      // A forced write may chain another: wait until none is in flight.
      while (busy) await inFlight;
      if (pending) {
        write(pending);
        pending = null;
        await inFlight;
      }
    },
  };
}
