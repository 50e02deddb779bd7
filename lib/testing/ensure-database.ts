import { execFileSync } from "node:child_process";
import pg from "pg";

/** Creates the database named in `url` if it is missing and applies the migrations (tests and benchmarks). */
export async function ensureMigratedDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.replace(/^\//, "");
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  execFileSync("npx", ["prisma", "migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url }, stdio: "pipe" });
}
