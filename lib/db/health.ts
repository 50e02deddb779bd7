import { pgPool, replicaPools } from "./pool";
import { REPLICA_LAG_SQL } from "./replica-choice";

/** pg-boss keeps its jobs in this schema (pg-boss's default, which lib/server/jobs/queue.ts keeps). */
const QUEUE_SCHEMA = "pgboss";

/** A round trip to the primary; throws when it cannot be made. */
export async function pingDatabase(): Promise<void> {
  await pgPool().query("SELECT 1");
}

/** Jobs by queue and state, read from pg-boss's own table; throws when the queue's schema is missing. */
export async function queueJobCounts(): Promise<{ queue: string; state: string; count: number }[]> {
  const { rows } = await pgPool().query<{ name: string; state: string; count: string }>(
    `SELECT name, state::text AS state, count(*)::text AS count FROM ${QUEUE_SCHEMA}.job GROUP BY name, state`,
  );
  return rows.map((row) => ({ queue: row.name, state: row.state, count: Number(row.count) }));
}

/** Uploads by phase and final status (null while in progress). */
export async function uploadCounts(): Promise<{ phase: string; httpStatus: number | null; count: number }[]> {
  const { rows } = await pgPool().query<{ phase: string; http_status: number | null; count: string }>(
    `SELECT phase, "httpStatus" AS http_status, count(*)::text AS count FROM "Upload" GROUP BY phase, "httpStatus"`,
  );
  return rows.map((row) => ({ phase: row.phase, httpStatus: row.http_status, count: Number(row.count) }));
}

/** Seconds each read replica is behind (0 when it has replayed everything it received); null when unreachable. */
export async function replicaLagSeconds(): Promise<(number | null)[]> {
  return Promise.all(
    replicaPools().map(async (pool) => {
      try {
        const { rows } = await pool.query<{ lag: number | null }>(`SELECT ${REPLICA_LAG_SQL} AS lag`);
        return rows[0]?.lag ?? 0;
      } catch {
        return null;
      }
    }),
  );
}

/** The primary pool's connections: open, idle and requests waiting for one. */
export function poolUsage(): { total: number; idle: number; waiting: number } {
  const pool = pgPool();
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** Events stored by uploads that finished within the last `seconds`. */
export async function uploadEventsSince(seconds: number): Promise<number> {
  const { rows } = await pgPool().query<{ events: string | null }>(
    `SELECT sum(events)::text AS events FROM "Upload"
      WHERE "finishedAt" > now() - make_interval(secs => $1) AND "httpStatus" = 201`,
    [seconds],
  );
  return Number(rows[0]?.events ?? 0);
}
