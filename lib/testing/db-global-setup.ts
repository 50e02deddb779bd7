import { execFileSync } from "node:child_process";
import pg from "pg";

const DEFAULT_TEST_URL = "postgresql://postgres@127.0.0.1:5432/loopscope_test";

/** Creates and migrates the test database once; refuses any database not named *_test. */
export default async function setup(): Promise<void> {
  const url = new URL(process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_URL);
  const name = url.pathname.replace(/^\//, "");
  if (!name.endsWith("_test")) throw new Error(`refusing to run DB tests against "${name}": the database name must end in _test`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  execFileSync("npx", ["prisma", "migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url.toString() }, stdio: "pipe" });
  process.env.DATABASE_URL = url.toString();
}
