import { recordAudit } from "@/lib/db/accounts";
import { listRunsToRescore } from "@/lib/db/rescore";
import { listReimportableRuns } from "@/lib/db/reimport-source";
import { SCORES_VERSION } from "@/lib/metrics";
import { AppError } from "./app-error";
import type { Actor } from "./auth/roles";
import { REIMPORT_RUN_QUEUE, RESCORE_RUN_QUEUE, enqueueJob, jobsEnabled } from "./jobs/queue";
import { reimportRun, type ReimportOutcome } from "./reimport-run";
import { rescoreRun } from "./rescore-run";

export type ReimportRequest = { runId: string } | { all: true };

export type ReimportAnswer =
  | { queued: true; runIds: string[]; jobIds: string[] }
  | { queued: false; outcomes: { runId: string; outcome: ReimportOutcome }[] };

/**
 * Re-imports one run's bundle, or one run of every bundle with a kept raw upload, as jobs any worker
 * takes. Without a job queue (embedded database) the re-imports run here, one after another.
 */
export async function requestReimport(actor: Actor, request: ReimportRequest): Promise<ReimportAnswer> {
  const runIds = "runId" in request ? [request.runId] : (await listReimportableRuns()).map((run) => run.id);
  await recordAudit({
    actorId: actor.userId,
    actorName: actor.name,
    action: "reimport",
    target: "runId" in request ? request.runId : "all",
    details: { runs: runIds.length },
  });
  if (!jobsEnabled()) {
    const outcomes = [];
    for (const runId of runIds) outcomes.push({ runId, outcome: await reimportRun(runId) });
    const missing = outcomes.find(({ outcome }) => outcome.kind === "skipped" && "runId" in request);
    if (missing?.outcome.kind === "skipped") throw new AppError("not_found", missing.outcome.reason);
    return { queued: false, outcomes };
  }
  const jobIds = [];
  for (const runId of runIds) jobIds.push(await enqueueJob(REIMPORT_RUN_QUEUE, { runId }));
  return { queued: true, runIds, jobIds };
}

/** `npm run rescore` on a server with a job queue: every run scored under older definitions becomes a rescore job. */
export async function queueStaleRescores(): Promise<{ queued: boolean; runs: number }> {
  const runs = await listRunsToRescore({ version: SCORES_VERSION });
  if (!jobsEnabled()) {
    for (const run of runs) await rescoreRun(run.id);
    return { queued: false, runs: runs.length };
  }
  for (const run of runs) await enqueueJob(RESCORE_RUN_QUEUE, { runId: run.id });
  return { queued: true, runs: runs.length };
}
