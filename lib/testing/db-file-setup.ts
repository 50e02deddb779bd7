import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";
import { testDatabaseNames } from "./test-database-names";

/**
 * Runs before each DB test file: the file gets a database of its own, a copy of the migrated template
 * (lib/testing/db-global-setup.ts), so files run in parallel and see only their own rows. After the file its
 * connections close and the copy is dropped (the global teardown drops any a file could not).
 */
const templateUrl = process.env.LOOPSCOPE_TEST_TEMPLATE_URL;
const runId = Number(process.env.LOOPSCOPE_TEST_RUN_ID);
if (!templateUrl || !runId) throw new Error('DB tests run through the vitest project "db" (its global setup)');

const names = testDatabaseNames(new URL(process.env.TEST_DATABASE_URL ?? templateUrl).pathname.slice(1));
const fileDatabase = names.fileDatabase(runId, randomBytes(4).toString("hex"));
const adminUrl = new URL(templateUrl);
adminUrl.pathname = "/postgres";

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await admin(`CREATE DATABASE "${fileDatabase}" TEMPLATE "${names.template}"`);
const fileUrl = new URL(templateUrl);
fileUrl.pathname = `/${fileDatabase}`;
process.env.DATABASE_URL = fileUrl.toString();

afterAll(async () => {
  for (const client of globalThis.loopscopeReplicaClients ?? []) await client.$disconnect();
  await globalThis.loopscopePrisma?.$disconnect();
  // A test may have ended a pool itself (read-replica.db.test.ts ends the replica pools).
  for (const pool of [globalThis.loopscopePool, ...(globalThis.loopscopeReplicaPools ?? [])])
    if (pool && !pool.ended) await pool.end();
  globalThis.loopscopeReplicaClients = undefined;
  globalThis.loopscopeReplicaStates = undefined;
  globalThis.loopscopePrisma = undefined;
  globalThis.loopscopePool = undefined;
  globalThis.loopscopeReplicaPools = undefined;
  // A session a test left open (a job queue not stopped) keeps the copy; the run's teardown drops it then.
  await admin(`DROP DATABASE IF EXISTS "${fileDatabase}"`).catch(() => {});
});
