import { ensureMigratedDatabase } from "./ensure-database";

const DEFAULT_TEST_URL = "postgresql://postgres@127.0.0.1:5432/loopscope_test";

/** Creates and migrates the test database once; refuses any database not named *_test. */
export default async function setup(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_URL;
  const name = new URL(url).pathname.replace(/^\//, "");
  if (!name.endsWith("_test"))
    throw new Error(`refusing to run DB tests against "${name}": the database name must end in _test`);
  await ensureMigratedDatabase(url);
  process.env.DATABASE_URL = url;
}
