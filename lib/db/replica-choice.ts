import { env } from "@/lib/env";
import type { PrismaClient } from "./generated/client";
import { replicaPools } from "./pool";

/** A replica further behind than this (seconds of replay) is not read from: LOOPSCOPE_REPLICA_MAX_LAG_SECONDS. */
function maxLagSeconds(): number {
  return env().LOOPSCOPE_REPLICA_MAX_LAG_SECONDS;
}

/** Seconds a standby is behind: 0 when it has replayed all it received, else the age of its last replayed commit. */
export const REPLICA_LAG_SQL = `CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
  ELSE EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())::float8 END`;

/** After an error a replica is left alone this long, so a dead one does not cost every request a timeout. */
const SKIP_AFTER_ERROR_MS = 10_000;

export type ReplicaVerdict = "used" | "behind" | "lagging" | "erroring" | "resting";

export interface ReplicaState {
  index: number;
  lastVerdict: ReplicaVerdict | null;
  lagSeconds: number | null;
  failedAt: number | null;
}

declare global {
  var loopscopeReplicaStates: ReplicaState[] | undefined;
}

/** What each replica was last found to be (read by /metrics). */
export function replicaStates(): ReplicaState[] {
  const count = replicaPools().length;
  if (globalThis.loopscopeReplicaStates?.length !== count)
    globalThis.loopscopeReplicaStates = Array.from({ length: count }, (_, index) => ({
      index,
      lastVerdict: null,
      lagSeconds: null,
      failedAt: null,
    }));
  return globalThis.loopscopeReplicaStates;
}

interface ReplicaProbe {
  generation: number | null;
  lagSeconds: number;
}

async function probe(index: number): Promise<ReplicaProbe> {
  const pool = replicaPools()[index];
  if (!pool) throw new Error(`no replica ${index}`);
  const { rows } = await pool.query<{ generation: number | null; lag: number | null }>(
    `SELECT (SELECT "value"::float8 FROM "IdentityGeneration" WHERE id = 1) AS generation, ${REPLICA_LAG_SQL} AS lag`,
  );
  return { generation: rows[0]?.generation ?? null, lagSeconds: rows[0]?.lag ?? 0 };
}

/**
 * Which replica may serve a read that must show the run set of `generation` (the primary's identity generation,
 * read by the request): one that has replayed that generation, lags at most the bound and answers. A user who just
 * uploaded, edited or deleted a run therefore sees it on every later read (read-your-writes), and a page's counts
 * (read on the primary at that generation) and list agree. Returns the replica's index, or null for the primary.
 */
export async function chooseReplica(generation: number): Promise<number | null> {
  const states = replicaStates();
  const candidates = states
    .filter((state) => state.failedAt === null || Date.now() - state.failedAt > SKIP_AFTER_ERROR_MS)
    .sort(() => Math.random() - 0.5);
  for (const state of states) if (!candidates.includes(state)) state.lastVerdict = "resting";
  for (const state of candidates) {
    try {
      const found = await probe(state.index);
      state.failedAt = null;
      state.lagSeconds = found.lagSeconds;
      if (found.lagSeconds > maxLagSeconds()) state.lastVerdict = "lagging";
      else if (found.generation === null || found.generation < generation) state.lastVerdict = "behind";
      else {
        state.lastVerdict = "used";
        return state.index;
      }
    } catch {
      state.failedAt = Date.now();
      state.lastVerdict = "erroring";
    }
  }
  return null;
}

/** Maps a chosen replica to its client, given the replica clients in pool order. */
export function clientFor(index: number | null, primary: PrismaClient, replicas: PrismaClient[]): PrismaClient {
  return index === null ? primary : (replicas[index] ?? primary);
}
