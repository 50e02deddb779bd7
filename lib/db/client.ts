import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { readReplicas } from "@prisma/extension-read-replicas";
import { PrismaClient } from "./generated/client";
import { pgPool, replicaPools } from "./pool";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
export type DbOrTx = PrismaClient | Tx;

function withReplicas(primary: PrismaClient, replicas: PrismaClient[]) {
  return primary.$extends(readReplicas({ replicas }));
}

declare global {
  // Cached on globalThis so hot reloads in development do not open a client per reload.
  var loopscopePrisma: PrismaClient | undefined;
  var loopscopeReplicas: ReturnType<typeof withReplicas> | null | undefined;
}

/** The one Prisma client of the process on the primary: every write and every read that must see its own writes. */
export function db(): PrismaClient {
  globalThis.loopscopePrisma ??= new PrismaClient({ adapter: new PrismaPg(pgPool()) });
  return globalThis.loopscopePrisma;
}

/**
 * A client for reads that may lag the primary by a moment (the leaderboard, listings): one of the streaming
 * replicas in DATABASE_REPLICA_URLS, picked at random per call by @prisma/extension-read-replicas, or the primary
 * when none are configured. Raw queries count too, which the extension would otherwise send to the primary.
 */
export function readDb(): PrismaClient {
  if (globalThis.loopscopeReplicas === undefined) {
    const pools = replicaPools();
    globalThis.loopscopeReplicas =
      pools.length === 0
        ? null
        : withReplicas(
            db(),
            pools.map((pool) => new PrismaClient({ adapter: new PrismaPg(pool) })),
          );
  }
  // $replica() hands back one of the replica PrismaClients given above (the extension's own objects).
  return globalThis.loopscopeReplicas ? (globalThis.loopscopeReplicas.$replica() as unknown as PrismaClient) : db();
}
