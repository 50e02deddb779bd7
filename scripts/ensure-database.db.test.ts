import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { ensureServerDatabase } from "./ensure-database.mjs";

const base = new URL(process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_test");
const created: string[] = [];

function freshUrl(): string {
  const name = `${base.pathname.slice(1)}_fresh_${process.pid}_${created.length}`;
  created.push(name);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(base);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

afterEach(async () => {
  await onAdmin(async (client) => {
    for (const name of created.splice(0)) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
});

describe("first start on a missing database", () => {
  it("lets four processes create it at once: one creates, the others find it", async () => {
    const url = freshUrl();
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => ensureServerDatabase(url)));
    expect(outcomes.filter((outcome) => outcome === "created")).toHaveLength(1);
    expect(outcomes.every((outcome) => ["created", "created by another process", "exists"].includes(outcome))).toBe(
      true,
    );
    expect(await ensureServerDatabase(url)).toBe("exists");
  });

  it("applies no migration when started with LOOPSCOPE_MIGRATE=off", () => {
    const url = freshUrl();
    const check =
      "const pg=require('pg');const c=new pg.Client({connectionString:process.env.DATABASE_URL});" +
      "c.connect().then(()=>c.query(\"SELECT to_regclass('_prisma_migrations') AS t\"))" +
      ".then(r=>{console.log('migrations table:',r.rows[0].t);return c.end()})";
    const result = spawnSync(process.execPath, ["scripts/with-database.mjs", "--", "node", "-e", check], {
      env: { ...process.env, DATABASE_URL: url, LOOPSCOPE_MIGRATE: "off" },
      encoding: "utf8",
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("LOOPSCOPE_MIGRATE=off: not applying migrations");
    expect(result.stdout).toContain("migrations table: null");
  });
});
