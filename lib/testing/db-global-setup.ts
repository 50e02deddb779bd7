import pg from "pg";
import { ensureMigratedDatabase } from "./ensure-database";
import { testDatabaseNames } from "./test-database-names";

const DEFAULT_TEST_URL = "postgresql://postgres@127.0.0.1:5432/loopscope_test";

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/** Whether a process of this machine with that id still runs (a run's id is its vitest process's). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Drops this stem's per-file databases that `doomed` picks (a killed run's, or this run's at its end). */
async function dropFileDatabases(url: string, doomed: (runId: number) => boolean): Promise<void> {
  const names = testDatabaseNames(new URL(url).pathname.slice(1));
  const admin = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database");
    for (const { datname } of rows) {
      const runId = names.runOf(datname);
      if (runId !== null && doomed(runId)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Migrates the template every DB test file's own database is copied from (lib/testing/db-file-setup.ts), after
 * dropping copies a killed run left behind; at the end drops this run's copies that a file could not drop itself.
 * Refuses any database not named *_test.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_URL;
  const names = testDatabaseNames(new URL(url).pathname.slice(1));
  const runId = process.pid;
  await dropFileDatabases(url, (owner) => owner !== runId && !processAlive(owner));
  await ensureMigratedDatabase(withDatabase(url, names.template));
  // Read by every test file's setup (the workers inherit the environment).
  process.env.LOOPSCOPE_TEST_TEMPLATE_URL = withDatabase(url, names.template);
  process.env.LOOPSCOPE_TEST_RUN_ID = String(runId);
  process.env.TEST_DATABASE_URL = url;
  return () => dropFileDatabases(url, (owner) => owner === runId);
}
