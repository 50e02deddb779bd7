import { recordAudit } from "@/lib/db/accounts";
import { forgetCachedComparisons } from "@/lib/db/comparison-cache";
import { markRunDeleted, purgeDeletedRun } from "@/lib/db/delete-run";
import { AppError } from "./app-error";
import type { Actor } from "./auth/roles";
import { PURGE_RUN_QUEUE, enqueueJob, jobsEnabled } from "./jobs/queue";

/**
 * Hides the run at once and leaves removing its rows to a background job (a run of millions
 * of events takes seconds to minutes to delete). Without a job queue (embedded database) the
 * purge runs in this process after the answer.
 */
export async function deleteRun(actor: Actor, runId: string): Promise<{ name: string }> {
  const deleted = await markRunDeleted({ runId });
  if (!deleted) throw new AppError("not_found", `no run with id ${runId}`);
  await forgetCachedComparisons({ runId });
  await recordAudit({
    actorId: actor.userId,
    actorName: actor.name,
    action: "delete_run",
    target: runId,
    details: { name: deleted.name },
  });
  if (jobsEnabled()) await enqueueJob(PURGE_RUN_QUEUE, { runId });
  else
    void purgeDeletedRun({ runId }).catch((error: unknown) =>
      console.error(`could not remove the rows of deleted run ${runId}`, error),
    );
  return { name: deleted.name };
}
