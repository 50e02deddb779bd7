import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { pgPool, replicaPools } from "./pool";
import { chooseReplica, clientFor } from "./replica-choice";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
export type DbOrTx = PrismaClient | Tx;

declare global {
  // Cached on globalThis so hot reloads in development do not open a client per reload.
  var loopscopePrisma: PrismaClient | undefined;
  var loopscopeReplicaClients: PrismaClient[] | undefined;
}

/** The one Prisma client of the process on the primary: every write and every read that must see its own writes. */
export function db(): PrismaClient {
  globalThis.loopscopePrisma ??= new PrismaClient({ adapter: new PrismaPg(pgPool()) });
  return globalThis.loopscopePrisma;
}

/**
 * A client for reads that may be served by a streaming replica (DATABASE_REPLICA_URLS; the leaderboard): one that has
 * replayed the primary's identity `generation` the request read, lags within LOOPSCOPE_REPLICA_MAX_LAG_SECONDS and
 * answers (lib/db/replica-choice.ts), else the primary. A replica that is down or behind costs a fallback, not a 500.
 */
export async function readDbAt(generation: number): Promise<PrismaClient> {
  const pools = replicaPools();
  if (pools.length === 0) return db();
  globalThis.loopscopeReplicaClients ??= pools.map((pool) => new PrismaClient({ adapter: new PrismaPg(pool) }));
  return clientFor(await chooseReplica(generation), db(), globalThis.loopscopeReplicaClients);
}
