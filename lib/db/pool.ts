import pg from "pg";

declare global {
  // Cached on globalThis so hot reloads in development do not open a pool per reload.
  var loopscopePool: pg.Pool | undefined;
}

/** The embedded PGlite server multiplexes every connection onto one backend and cannot COPY. */
export function isEmbeddedDatabase(): boolean {
  return process.env.LOOPSCOPE_EMBEDDED === "1";
}

/** The process's one connection pool, shared by Prisma and the bulk ingest path. */
export function pgPool(): pg.Pool {
  if (!globalThis.loopscopePool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) {
      // Thrown on first use, never at import: `next build` imports route modules without a database.
      throw new Error("DATABASE_URL is not set; start the app through `npm start` / `npm run dev`, which provide one");
    }
    // On the embedded server concurrent transactions would interleave; one connection serializes them.
    globalThis.loopscopePool = new pg.Pool({
      connectionString,
      max: isEmbeddedDatabase() ? 1 : 10,
      allowExitOnIdle: true,
    });
  }
  return globalThis.loopscopePool;
}
