import pg from "pg";
import { env } from "@/lib/env";

declare global {
  // Cached on globalThis so hot reloads in development do not open a pool per reload.
  var loopscopePool: pg.Pool | undefined;
  var loopscopeReplicaPools: pg.Pool[] | undefined;
}

/** The embedded PGlite server multiplexes every connection onto one backend and cannot COPY. */
export function isEmbeddedDatabase(): boolean {
  return env().LOOPSCOPE_EMBEDDED;
}

/** The process's one connection pool, shared by Prisma and the bulk ingest path. */
export function pgPool(): pg.Pool {
  if (!globalThis.loopscopePool) {
    const connectionString = env().DATABASE_URL;
    if (!connectionString) {
      // Thrown on first use, never at import: `next build` imports route modules without a database.
      throw new Error("DATABASE_URL is not set; start the app through `npm start` / `npm run dev`, which provide one");
    }
    // On the embedded server concurrent transactions would interleave; one connection serializes them.
    globalThis.loopscopePool = new pg.Pool({
      connectionString,
      max: isEmbeddedDatabase() ? 1 : 10,
      allowExitOnIdle: true,
      // Named so pg_stat_activity tells web/worker sessions from pg-boss's and the replicas' (PGlite ignores it).
      // PGAPPNAME names one process's sessions (the cluster test tells its two workers apart by it).
      ...(isEmbeddedDatabase() ? {} : { application_name: env().PGAPPNAME }),
    });
  }
  return globalThis.loopscopePool;
}

/** DATABASE_REPLICA_URLS: comma-separated connection strings of read replicas (none on the embedded database). */
export function replicaUrls(): string[] {
  if (isEmbeddedDatabase()) return [];
  return env().DATABASE_REPLICA_URLS;
}

/** One small pool per read replica; their sessions are named loopscope-replica so operators can tell them apart. */
export function replicaPools(): pg.Pool[] {
  globalThis.loopscopeReplicaPools ??= replicaUrls().map((connectionString) => {
    const pool = new pg.Pool({
      connectionString,
      max: 5,
      allowExitOnIdle: true,
      application_name: "loopscope-replica",
      // A replica that does not answer is skipped for the primary (replica-choice.ts) instead of holding a request.
      connectionTimeoutMillis: 2_000,
      query_timeout: 10_000,
    });
    // An idle session dropped by a replica that went away must not crash the process: the next read fails and the
    // replica is skipped.
    pool.on("error", () => {});
    return pool;
  });
  return globalThis.loopscopeReplicaPools;
}
