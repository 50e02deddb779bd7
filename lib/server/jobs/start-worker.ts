import type PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { listDeletedRunIds, purgeDeletedRun } from "@/lib/db/delete-run";
import { serverConfig } from "../config";
import {
  INGEST_QUEUE,
  INGEST_SMALL_QUEUE,
  PURGE_RUN_QUEUE,
  REIMPORT_RUN_QUEUE,
  RESCORE_RUN_QUEUE,
  SEARCH_INDEX_QUEUE,
  jobQueue,
  jobsEnabled,
  registerLocalWorker,
  unregisterLocalWorkers,
  type IngestJobData,
  type IngestQueue,
  type PurgeRunJobData,
  type RunJobData,
} from "./queue";
import { runIngestJob } from "./ingest-job";
import { reimportRun } from "../reimport-run";
import { rescoreRun } from "../rescore-run";
import { buildRunSearchIndexes } from "@/lib/db/run-search-index";
import { resumeSearchIndexing } from "../search-indexing";
import { startLeaderboardFill } from "../leaderboard-summaries";
import { startJanitorTimer } from "./janitor-timer";
import { startLostWorkerWatch } from "./lost-workers";
import { tellSupervisor } from "./supervisor-messages";
import { startWorkerChild } from "./worker-child";

function isFinalAttempt(job: PgBoss.JobWithMetadata<unknown>): boolean {
  return job.retryCount >= job.retryLimit;
}

/**
 * Starts consuming ingest, purge, re-import, rescore and search-index jobs in this process, one job of each queue at a
 * time (search-index jobs in batches).
 * Returns a stop function; without a job queue (embedded database) it starts nothing.
 */
export async function startWorker(): Promise<(() => Promise<void>) | null> {
  if (!jobsEnabled()) return null;
  const boss = await jobQueue();
  const options = { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true } as const;
  // One handler per ingest lane: a small upload is taken beside a big one (lib/server/jobs/ingest-slot.ts).
  const ingestHandler =
    (lane: IngestQueue) =>
    async ([job]: PgBoss.JobWithMetadata<IngestJobData>[]) => {
      if (!job) return;
      // A supervising web server charges this upload with the worker's death, should it die now.
      tellSupervisor({ type: "ingest-start", uploadId: job.data.uploadId, jobId: job.id, queue: lane });
      try {
        await runIngestJob({ uploadId: job.data.uploadId, finalAttempt: isFinalAttempt(job), lane });
      } finally {
        tellSupervisor({ type: "ingest-end", uploadId: job.data.uploadId });
      }
    };
  const ingestWorker = await boss.work<IngestJobData>(INGEST_QUEUE, options, ingestHandler(INGEST_QUEUE));
  const smallIngestWorker = await boss.work<IngestJobData>(
    INGEST_SMALL_QUEUE,
    options,
    ingestHandler(INGEST_SMALL_QUEUE),
  );
  const purgeWorker = await boss.work<PurgeRunJobData>(PURGE_RUN_QUEUE, options, async ([job]) => {
    if (job) await purgeDeletedRun({ runId: job.data.runId });
  });
  // A re-import or rescore whose worker dies rolls back (re-import) or is idempotent (rescore), so the retry starts clean.
  const reimportWorker = await boss.work<RunJobData>(REIMPORT_RUN_QUEUE, options, async ([job]) => {
    if (!job) return;
    const outcome = await reimportRun(job.data.runId);
    if (outcome.kind === "reimported") console.log(`[loopscope] re-imported bundle ${outcome.bundleId}`);
    // A file today's importers reject is an answer, not a failure to retry.
    else
      console.warn(
        `[loopscope] run ${job.data.runId} not re-imported:`,
        outcome.kind === "skipped" ? outcome.reason : outcome.result.error,
      );
  });
  const rescoreWorker = await boss.work<RunJobData>(RESCORE_RUN_QUEUE, options, async ([job]) => {
    if (job) await rescoreRun(job.data.runId);
  });
  // Up to 20 at a time, one after another: a backlog of small runs (a worker starting after many uploads) is not
  // paced by the one-second polling interval.
  const searchIndexWorker = await boss.work<RunJobData>(
    SEARCH_INDEX_QUEUE,
    { ...options, batchSize: 20 },
    async (jobs) => {
      for (const job of jobs) await buildRunSearchIndexes(job.data.runId);
    },
  );
  const workers = [
    [INGEST_QUEUE, ingestWorker],
    [INGEST_SMALL_QUEUE, smallIngestWorker],
    [PURGE_RUN_QUEUE, purgeWorker],
    [REIMPORT_RUN_QUEUE, reimportWorker],
    [RESCORE_RUN_QUEUE, rescoreWorker],
    [SEARCH_INDEX_QUEUE, searchIndexWorker],
  ] as const;
  for (const [queue, id] of workers) registerLocalWorker(queue, id);
  void resumeSearchIndexing().catch((error: unknown) =>
    console.error("[loopscope] could not queue search indexing of earlier runs", error),
  );
  // Lean leaderboard rows a new METRICS_VERSION made stale (or runs stored without them) are filled from the start, so
  // the first page request after an update finds them under way or done instead of computing them.
  startLeaderboardFill();
  const stopJanitor = startJanitorTimer();
  const stopLostWatch = startLostWorkerWatch();
  return async () => {
    stopJanitor();
    stopLostWatch();
    unregisterLocalWorkers();
    for (const [, id] of workers) await boss.offWork({ id });
  };
}

/** Without a job queue purges and search indexing live in the web process: those cut short by a restart resume here. */
async function resumeEmbeddedWork(): Promise<void> {
  startLeaderboardFill();
  startJanitorTimer();
  for (const runId of await listDeletedRunIds()) await purgeDeletedRun({ runId });
  await resumeSearchIndexing();
}

/**
 * The worker of `next start`/`next dev`: by default a child process with its own heap cap that the web server restarts
 * when it dies (lib/server/jobs/worker-child.ts); LOOPSCOPE_WORKER=inline runs it inside the web server (no
 * isolation); LOOPSCOPE_WORKER=off marks a web-only node.
 */
export async function startWorkerIfEnabled(): Promise<void> {
  const mode = serverConfig().LOOPSCOPE_WORKER;
  if (mode === "off" || !env().DATABASE_URL) return;
  if (!jobsEnabled()) {
    void resumeEmbeddedWork().catch((error: unknown) =>
      console.error("[loopscope] could not resume deleting runs or indexing them for search", error),
    );
    return;
  }
  if (mode === "on") {
    startWorkerChild();
    return;
  }
  const stop = await startWorker();
  if (stop) console.log("[loopscope] ingest worker started in the web server (LOOPSCOPE_WORKER=off disables it)");
}
