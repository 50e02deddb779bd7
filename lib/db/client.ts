import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
export type DbOrTx = PrismaClient | Tx;

function createClient(): PrismaClient {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    // Thrown on first use, never at import: `next build` imports route modules without a database.
    throw new Error("DATABASE_URL is not set; start the app through `npm start` / `npm run dev`, which provide one");
  }
  // The embedded PGlite server multiplexes every connection onto one backend, so
  // concurrent transactions would interleave; a single connection serializes them.
  const embedded = process.env.LOOPSCOPE_EMBEDDED === "1";
  const pool = new pg.Pool({ connectionString, max: embedded ? 1 : 10, allowExitOnIdle: true });
  return new PrismaClient({ adapter: new PrismaPg(pool) });
}

const globalForPrisma = globalThis as unknown as { loopscopePrisma?: PrismaClient };

/** The one Prisma client of the process, created lazily and cached across hot reloads. */
export function db(): PrismaClient {
  globalForPrisma.loopscopePrisma ??= createClient();
  return globalForPrisma.loopscopePrisma;
}
