import { buildRunSearchIndexes, listRunsAwaitingSearchIndex } from "@/lib/db/run-search-index";
import { SEARCH_INDEX_QUEUE, enqueueJobOnce, jobsEnabled } from "./jobs/queue";

/**
 * Search's indexes are built after a run is shown, not inside its ingest (docs/search.md, "Indexing after upload"):
 * as jobs any worker takes (at most one waiting per run), or, without a job queue (embedded database), here, one run
 * after another. A run already indexed costs one lookup. A failure here is logged, not thrown: the upload or
 * re-import that asked is already committed and answered (a throw would turn its 201 into a 500 or retry it), and
 * the run is found again by `resumeSearchIndexing` when a worker starts.
 */
export async function requestSearchIndexes(runIds: readonly string[]): Promise<void> {
  for (const runId of runIds) {
    try {
      if (jobsEnabled()) await enqueueJobOnce(SEARCH_INDEX_QUEUE, { runId }, runId);
      else await buildRunSearchIndexes(runId);
    } catch (error) {
      console.error(`[loopscope] run ${runId} is not indexed for search yet; a worker's next start retries it`, error);
    }
  }
}

/** At worker start: runs whose index job was lost (a crash between commit and queueing) are queued again. */
export async function resumeSearchIndexing(): Promise<number> {
  const runIds = await listRunsAwaitingSearchIndex();
  await requestSearchIndexes(runIds);
  return runIds.length;
}
