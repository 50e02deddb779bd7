import PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { isEmbeddedDatabase } from "@/lib/db/pool";
import { serverConfig } from "../config";

export const INGEST_QUEUE = "ingest-upload";
/**
 * Uploads up to LOOPSCOPE_SMALL_UPLOAD_BYTES: a lane of their own, worked beside the main one, so a 12 KB file is not
 * queued behind a 200 MB one (a big ingest takes minutes; a small one, a second).
 */
export const INGEST_SMALL_QUEUE = "ingest-small-upload";
export const PURGE_RUN_QUEUE = "purge-run";
export const REIMPORT_RUN_QUEUE = "reimport-run";
export const RESCORE_RUN_QUEUE = "rescore-run";
export const SEARCH_INDEX_QUEUE = "index-run-search";
export const QUEUES = [
  INGEST_QUEUE,
  INGEST_SMALL_QUEUE,
  PURGE_RUN_QUEUE,
  REIMPORT_RUN_QUEUE,
  RESCORE_RUN_QUEUE,
  SEARCH_INDEX_QUEUE,
] as const;
export type QueueName = (typeof QUEUES)[number];
export const INGEST_QUEUES = [INGEST_QUEUE, INGEST_SMALL_QUEUE] as const;
export type IngestQueue = (typeof INGEST_QUEUES)[number];

/** The ingest lane of an upload of `sizeBytes` (the small lane is off with LOOPSCOPE_SMALL_UPLOAD_BYTES=0). */
export function ingestQueueFor(sizeBytes: number): IngestQueue {
  const limit = serverConfig().LOOPSCOPE_SMALL_UPLOAD_BYTES;
  return limit > 0 && sizeBytes <= limit ? INGEST_SMALL_QUEUE : INGEST_QUEUE;
}

/**
 * pg-boss's "short" policy keeps at most one queued job per singleton key: a run's search indexing is queued after
 * each upload and again for every unindexed run when a worker starts, and those must not pile up.
 */
const QUEUE_POLICIES: Partial<Record<QueueName, "short">> = { [SEARCH_INDEX_QUEUE]: "short" };

export interface IngestJobData {
  uploadId: string;
}

/** Purge, re-import, rescore and search-index jobs name one run. */
export interface PurgeRunJobData {
  runId: string;
}
export type RunJobData = PurgeRunJobData;

declare global {
  // One pg-boss instance per process (route modules may be loaded separately by Next.js).
  var loopscopeBoss: Promise<PgBoss> | undefined;
  // The workers this process runs, by queue: a job queued here wakes its worker at once.
  var loopscopeLocalWorkers: Map<QueueName, string> | undefined;
  // The worker child this web server supervises (lib/server/jobs/worker-child.ts), woken the same way.
  var loopscopeWorkerChild: { wake(queue: QueueName): void } | undefined;
}

/** Called by the worker for each queue it works. */
export function registerLocalWorker(queue: QueueName, workerId: string): void {
  globalThis.loopscopeLocalWorkers ??= new Map();
  globalThis.loopscopeLocalWorkers.set(queue, workerId);
}

/** Whether a worker of this process takes the queue's jobs. */
export function worksQueueHere(queue: QueueName): boolean {
  return globalThis.loopscopeLocalWorkers?.has(queue) ?? false;
}

export function unregisterLocalWorkers(): void {
  globalThis.loopscopeLocalWorkers?.clear();
}

/**
 * A worker polls its queue once a second; when this process works the queue itself (a worker inside the web
 * server, the default), the job is started now instead of up to a second later.
 */
function wakeLocalWorker(boss: PgBoss, queue: QueueName): void {
  const workerId = globalThis.loopscopeLocalWorkers?.get(queue);
  if (workerId) boss.notifyWorker(workerId);
  else globalThis.loopscopeWorkerChild?.wake(queue);
}

/** A supervising web server queued a job: this worker child takes it now instead of at its next poll. */
export async function wakeLocalWorkerOf(queue: QueueName): Promise<void> {
  const workerId = globalThis.loopscopeLocalWorkers?.get(queue);
  const boss = globalThis.loopscopeBoss;
  if (workerId && boss) (await boss).notifyWorker(workerId);
}

/**
 * Jobs need a real PostgreSQL server: on the embedded PGlite server pg-boss's own connections
 * would share the single backend with an open ingest transaction (and hung in a trial), so
 * there uploads and deletions are processed in the request instead. `LOOPSCOPE_INGEST=inline`
 * asks for the same on PostgreSQL (a single-process setup, or tests of the reader through the route).
 */
export function jobsEnabled(): boolean {
  if (env().LOOPSCOPE_INGEST === "inline") return false;
  return !isEmbeddedDatabase();
}

function isDeadlock(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "40P01";
}

/**
 * Creates the queues if missing. Two workers starting at once on a fresh database deadlock inside pg-boss's
 * create_queue (seen in the cluster test); PostgreSQL aborts one of them, which simply tries again.
 */
async function createQueues(boss: PgBoss): Promise<void> {
  for (const queue of QUEUES) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const policy = QUEUE_POLICIES[queue];
        await boss.createQueue(queue, policy ? { name: queue, policy } : undefined);
        // A queue created before its policy was set keeps the old one otherwise (createQueue leaves it as it is).
        if (policy) await boss.updateQueue(queue, { name: queue, policy });
        break;
      } catch (error) {
        if (!isDeadlock(error) || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
  }
}

async function startBoss(): Promise<PgBoss> {
  const connectionString = env().DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set; the job queue needs PostgreSQL");
  const config = serverConfig();
  const boss = new PgBoss({
    connectionString,
    max: 4,
    application_name: "loopscope-jobs",
    schedule: false,
    // Maintenance finds jobs whose worker died (still active past their expiry) and retries them.
    supervise: true,
    maintenanceIntervalSeconds: config.LOOPSCOPE_JOB_MAINTENANCE_SECONDS,
  });
  boss.on("error", (error) => console.error("[loopscope] job queue error", error));
  await boss.start();
  await createQueues(boss);
  return boss;
}

export function jobQueue(): Promise<PgBoss> {
  globalThis.loopscopeBoss ??= startBoss().catch((error: unknown) => {
    globalThis.loopscopeBoss = undefined;
    throw error;
  });
  return globalThis.loopscopeBoss;
}

/**
 * Sends a job with the configured retries and expiry (read per job, so operators can change them) and wakes a local
 * worker; null when a queue with the "short" policy already has a job waiting under `singletonKey`.
 */
async function sendJob(
  queue: QueueName,
  data: IngestJobData | RunJobData,
  singletonKey?: string,
): Promise<string | null> {
  const config = serverConfig();
  const boss = await jobQueue();
  const id = await boss.send(
    queue,
    { ...data },
    {
      retryLimit: config.LOOPSCOPE_JOB_RETRIES,
      retryDelay: 1,
      expireInSeconds: config.LOOPSCOPE_JOB_EXPIRE_SECONDS,
      ...(singletonKey === undefined ? {} : { singletonKey }),
    },
  );
  if (id) wakeLocalWorker(boss, queue);
  return id;
}

export async function enqueueJob(queue: QueueName, data: IngestJobData | RunJobData): Promise<string> {
  const id = await sendJob(queue, data);
  if (!id) throw new Error(`the ${queue} job was not queued`);
  return id;
}

/** Queues a job unless one for the same key is already waiting (queues with the "short" policy); false then. */
export async function enqueueJobOnce(queue: QueueName, data: RunJobData, key: string): Promise<boolean> {
  return (await sendJob(queue, data, key)) !== null;
}

export async function stopJobQueue(options: { graceful: boolean }): Promise<void> {
  const pending = globalThis.loopscopeBoss;
  globalThis.loopscopeBoss = undefined;
  if (pending) await (await pending).stop({ graceful: options.graceful, wait: true, timeout: 30_000 });
}
