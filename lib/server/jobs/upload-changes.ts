import { EventEmitter } from "node:events";
import { tellSupervisor } from "./supervisor-messages";

declare global {
  // One per process: Next.js may load the status route and the job's modules separately.
  var loopscopeUploadChanges: EventEmitter | undefined;
}

function changes(): EventEmitter {
  globalThis.loopscopeUploadChanges ??= new EventEmitter().setMaxListeners(0);
  return globalThis.loopscopeUploadChanges;
}

/** Called after this process stored a change of the upload (progress, phase, answer): its waiting readers wake. */
export function announceUploadChange(uploadId: string): void {
  changes().emit(uploadId);
  // A worker child's change wakes the status requests of the web server that supervises it.
  tellSupervisor({ type: "upload-change", uploadId });
}

/** A change announced by this web server's worker child: only this process's readers wake. */
export function announceChildUploadChange(uploadId: string): void {
  changes().emit(uploadId);
}

/** The same write of the Upload row, announcing the change once it is stored. */
export function announcing<Args extends { id: string }, Result>(
  write: (args: Args) => Promise<Result>,
): (args: Args) => Promise<Result> {
  return async (args) => {
    const result = await write(args);
    announceUploadChange(args.id);
    return result;
  };
}

export interface UploadWatch {
  /** Settles at the upload's next change in this process, after `ms` at the latest, or when `signal` aborts. */
  next: Promise<void>;
  stop(): void;
}

/**
 * Watches one upload for a change made by this process, giving up after `ms` so that a change made by a worker in
 * another process is still seen by looking again. Start it before reading the upload, so no change falls between.
 */
export function watchUpload(uploadId: string, ms: number, signal?: AbortSignal): UploadWatch {
  let stop = () => {};
  const next = new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      changes().off(uploadId, done);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    changes().once(uploadId, done);
    signal?.addEventListener("abort", done, { once: true });
    stop = done;
    if (signal?.aborted) done();
  });
  return { next, stop };
}
