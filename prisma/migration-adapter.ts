// A migration-only driver adapter for Prisma's WASM schema engine (the native one
// cannot be downloaded here). The stock PrismaPg adapter is fine at runtime but trips
// the migration commands in five ways; each fix below names the problem it solves.
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

const TEXT_OID = 25;
// pg_catalog columns of type "char" (18) and name (19) are not deserializable by the
// adapter ("Column type 'name' could not be deserialized", prisma/orm#27403).
const CATALOG_TEXT_OIDS = new Set([18, 19]);

type QueryCallback = (error: Error | null, result?: pg.QueryResult) => void;

function reportCatalogTypesAsText(result: pg.QueryResult): pg.QueryResult {
  for (const field of result.fields ?? []) {
    if (CATALOG_TEXT_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
  }
  return result;
}

class CatalogSafeClient extends pg.Client {
  // Pool calls query with a trailing callback; promise callers get a promise.
  override query(...args: unknown[]): never {
    const last = args[args.length - 1];
    const callback = typeof last === "function" ? (args.pop() as QueryCallback) : undefined;
    const run = (pg.Client.prototype.query as (...a: unknown[]) => Promise<pg.QueryResult>).apply(this, args);
    const fixed = run.then(reportCatalogTypesAsText);
    if (callback) {
      fixed.then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
      return undefined as never;
    }
    return fixed as never;
  }
}

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;

// The stock executeScript splits on every ";", breaking $$ bodies and string literals.
function runScriptsWhole(adapter: Adapter, pool: pg.Pool): Adapter {
  adapter.executeScript = async (script: string) => {
    await pool.query(script);
  };
  return adapter;
}

function makePool(connectionString: string): pg.Pool {
  // One connection per pool: the engine takes pg_advisory_lock and never releases it,
  // so a second pooled connection would wait 10 s for the lock.
  return new pg.Pool({ connectionString, max: 1, Client: CatalogSafeClient, allowExitOnIdle: true });
}

function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${database}`;
  return url.toString();
}

async function connectToServerShadow(connectionString: string): Promise<Adapter> {
  // With a connection string the stock adapter ends up using the main database as the
  // shadow (P3006) and drops it before closing its pool; own the whole lifecycle instead.
  const name = `loopscope_shadow_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const pool = makePool(withDatabase(connectionString, name));
  const adapter = runScriptsWhole(await new PrismaPg(pool).connect(), pool);
  adapter.dispose = async () => {
    await pool.end();
    const cleanup = new pg.Client({ connectionString });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await cleanup.end();
  };
  return adapter;
}

async function connectToEmbeddedShadow(): Promise<Adapter> {
  // PGlite serves a single database, so the shadow is a throwaway in-memory PGlite.
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create({ extensions: { pg_trgm } });
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1" });
  await server.start();
  const pool = makePool(`postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`);
  const adapter = runScriptsWhole(await new PrismaPg(pool).connect(), pool);
  adapter.dispose = async () => {
    await pool.end();
    await server.stop();
    await db.close();
  };
  return adapter;
}

export function createMigrationAdapter(connectionString: string, embedded: boolean) {
  const factory = new PrismaPg({ connectionString });
  return Object.assign(factory, {
    connect: async () => {
      const pool = makePool(connectionString);
      const adapter = runScriptsWhole(await new PrismaPg(pool).connect(), pool);
      adapter.dispose = () => pool.end();
      return adapter;
    },
    connectToShadowDb: () => (embedded ? connectToEmbeddedShadow() : connectToServerShadow(connectionString)),
  });
}
