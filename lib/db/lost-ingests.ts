import { pgPool } from "./pool";
import { storableString } from "@/lib/bundles/storable-text";

export interface LostIngest {
  uploadId: string;
  jobId: string;
  /** The job's queue (its ingest lane). */
  queue: string;
  workerName: string | null;
  silentSeconds: number;
  workerDeaths: number;
  trajectories: number;
  storagePath: string;
}

/**
 * Closes, as a worker death, every open ingest attempt whose worker is lost: its pg-boss job is active, it started
 * and last beat more than `lostSeconds` ago, and no session holds the upload's advisory lock (the attempt's lock
 * connection closes with its process, so a worker that is only slow keeps it). One statement: of two workers that
 * look at once, one closes the attempt and the other finds `attemptOpen` false and takes nothing.
 */
export async function claimLostIngests({
  lostSeconds,
  queues,
  cause,
}: {
  lostSeconds: number;
  queues: readonly string[];
  /** The lastError stored, given the worker's name, how long it was silent and the trajectories it had read. */
  cause: (lost: { workerName: string | null; silentSeconds: number; trajectories: number }) => string;
}): Promise<LostIngest[]> {
  const candidates = await pgPool().query<{
    uploadId: string;
    jobId: string;
    queue: string;
    workerName: string | null;
    silent: number;
    trajectories: number;
  }>(
    `SELECT u.id AS "uploadId", j.id::text AS "jobId", j.name AS queue, u."workerName", u.trajectories,
            extract(epoch FROM now() - coalesce(u."heartbeatAt", j.started_on))::float8 AS silent
     FROM pgboss.job j JOIN "Upload" u ON u.id = j.data->>'uploadId'
     WHERE j.name = ANY($1::text[]) AND j.state = 'active' AND u.phase <> 'done' AND u."attemptOpen"
       AND j.started_on < now() - make_interval(secs => $2)
       AND coalesce(u."heartbeatAt", j.started_on) < now() - make_interval(secs => $2)
       AND NOT EXISTS (
         SELECT 1 FROM pg_locks l
         WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND l.classid::bigint = ((hashtext('loopscope-upload:' || u.id)::bigint >> 32) & 4294967295)
           AND l.objid::bigint = (hashtext('loopscope-upload:' || u.id)::bigint & 4294967295))`,
    [queues, lostSeconds],
  );
  const lost: LostIngest[] = [];
  for (const candidate of candidates.rows) {
    const claimed = await pgPool().query<{ workerDeaths: number; trajectories: number; storagePath: string }>(
      `UPDATE "Upload" SET "workerDeaths" = "workerDeaths" + 1, "attemptOpen" = false, phase = 'queued',
              "lastError" = $2, "updatedAt" = now()
       WHERE id = $1 AND phase <> 'done' AND "attemptOpen"
       RETURNING "workerDeaths", trajectories, "storagePath"`,
      [
        candidate.uploadId,
        storableString(
          cause({
            workerName: candidate.workerName,
            silentSeconds: Math.round(candidate.silent),
            trajectories: candidate.trajectories,
          }),
        ),
      ],
    );
    const row = claimed.rows[0];
    if (row)
      lost.push({
        uploadId: candidate.uploadId,
        jobId: candidate.jobId,
        queue: candidate.queue,
        workerName: candidate.workerName,
        silentSeconds: Math.round(candidate.silent),
        ...row,
      });
  }
  return lost;
}
