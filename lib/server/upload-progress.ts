import type { IngestProgress } from "./ingest-bundle";

export interface UploadProgress extends IngestProgress {
  updatedAt: number;
  finished: boolean;
}

const TTL_MS = 10 * 60 * 1000;
declare global {
  // Shared by the route modules of one server process, which Next.js may load separately.
  var loopscopeUploads: Map<string, UploadProgress> | undefined;
}
const uploads = (globalThis.loopscopeUploads ??= new Map<string, UploadProgress>());

/** In-process progress of running uploads, polled by the upload page while the server reads and writes. */
export function recordProgress(uploadId: string, progress: IngestProgress, finished = false): void {
  const now = Date.now();
  for (const [id, entry] of uploads) if (now - entry.updatedAt > TTL_MS) uploads.delete(id);
  uploads.set(uploadId, { ...progress, updatedAt: now, finished });
}

export function readProgress(uploadId: string): UploadProgress | null {
  return uploads.get(uploadId) ?? null;
}
