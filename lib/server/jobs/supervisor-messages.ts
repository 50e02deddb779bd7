import { env, type EnvName } from "@/lib/env";
import type { IngestQueue, QueueName } from "./queue";

/**
 * What a worker child (`scripts/worker.ts` started by a web server, lib/server/jobs/worker-child.ts) tells the web
 * server that supervises it, over the IPC channel of `fork`: which upload it ingests (so a death is charged to that
 * upload), and each change of an Upload row (so the web server's status requests waiting on it wake at once).
 */
export type ToSupervisor =
  | { type: "ingest-start"; uploadId: string; jobId: string; queue: IngestQueue }
  | { type: "ingest-end"; uploadId: string }
  | { type: "upload-change"; uploadId: string };

/** What the web server tells its worker child: a job was queued, take it now. */
export type ToWorkerChild = { type: "wake"; queue: QueueName };

/** Set in the environment of a worker child; only then does it talk over its IPC channel. */
export const SUPERVISED_WORKER_ENV = "LOOPSCOPE_SUPERVISED_WORKER" satisfies EnvName;

export function isSupervisedWorker(): boolean {
  return env().LOOPSCOPE_SUPERVISED_WORKER && typeof process.send === "function";
}

export function tellSupervisor(message: ToSupervisor): void {
  if (!isSupervisedWorker() || !process.connected) return;
  // A channel closing meanwhile (the web server stopping) is not this job's failure.
  process.send?.(message, undefined, undefined, () => undefined);
}

export function isToSupervisor(value: unknown): value is ToSupervisor {
  if (typeof value !== "object" || value === null || !("type" in value) || !("uploadId" in value)) return false;
  return (
    (value.type === "ingest-start" || value.type === "ingest-end" || value.type === "upload-change") &&
    typeof value.uploadId === "string"
  );
}

export function isToWorkerChild(value: unknown): value is ToWorkerChild {
  return typeof value === "object" && value !== null && "type" in value && value.type === "wake" && "queue" in value;
}
