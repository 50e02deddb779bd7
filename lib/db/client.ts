import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { pgPool } from "./pool";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
export type DbOrTx = PrismaClient | Tx;

declare global {
  // Cached on globalThis so hot reloads in development do not open a client per reload.
  var loopscopePrisma: PrismaClient | undefined;
}

/** The one Prisma client of the process, created lazily and cached across hot reloads. */
export function db(): PrismaClient {
  globalThis.loopscopePrisma ??= new PrismaClient({ adapter: new PrismaPg(pgPool()) });
  return globalThis.loopscopePrisma;
}
