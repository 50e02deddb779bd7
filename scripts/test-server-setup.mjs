// What `npm test` arranges on the PostgreSQL server before the tests (scripts/preflight.mjs), so a contributor needs
// no manual step: the test databases, and replication access for the streaming-replica test where this process may
// grant it. Plain JavaScript: the preflight runs it without a compiler.
import { accessSync, appendFileSync, constants, readFileSync } from "node:fs";
import pg from "pg";

const REPLICATION_LINE = "host replication all 127.0.0.1/32 trust";

function adminUrl(url) {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return admin.toString();
}

async function withClient(config, use) {
  const client = new pg.Client(config);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates each named database that is missing; returns the names created. */
export async function createMissingDatabases(urls) {
  const created = [];
  await withClient({ connectionString: adminUrl(urls[0]) }, async (admin) => {
    for (const url of urls) {
      const name = decodeURIComponent(new URL(url).pathname.slice(1));
      if (!name.endsWith("_test")) throw new Error(`refusing to create "${name}": test databases end in _test`);
      const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (rowCount === 0) {
        await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
        created.push(name);
      }
    }
  });
  return created;
}

/** Null when the server accepts a physical replication connection (what pg_basebackup opens), else why not. */
async function replicationRefusal(url) {
  try {
    await withClient({ connectionString: adminUrl(url), replication: "true" }, (client) =>
      client.query("IDENTIFY_SYSTEM"),
    );
    return null;
  } catch (error) {
    return error.message;
  }
}

/**
 * Lets the streaming-replica test clone the server: when replication connections are refused and this process may
 * write the server's pg_hba.conf (root on the server's machine), appends a trust line for 127.0.0.1 and reloads.
 * Returns what it did, or why the test will be skipped.
 */
export async function ensureReplicationAccess(url) {
  const refusal = await replicationRefusal(url);
  if (refusal === null) return { ok: true, message: "replication connections are accepted" };
  const host = new URL(url).hostname;
  const skipped = (why) => ({ ok: false, message: `the streaming-replica test will be skipped: ${refusal}; ${why}` });
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host))
    return skipped(`the server is not on this machine, so its pg_hba.conf needs "${REPLICATION_LINE}" by hand`);
  const hbaFile = await withClient({ connectionString: adminUrl(url) }, async (client) => {
    const { rows } = await client.query("SHOW hba_file").catch(() => ({ rows: [] }));
    return rows[0]?.hba_file ?? null;
  });
  if (!hbaFile) return skipped("the server does not say where its pg_hba.conf is (needs a superuser)");
  try {
    accessSync(hbaFile, constants.W_OK);
  } catch {
    return skipped(`${hbaFile} is not writable by this process: add "${REPLICATION_LINE}" as root and reload`);
  }
  const lines = readFileSync(hbaFile, "utf8").split("\n");
  if (!lines.some((line) => line.trim().split(/\s+/).join(" ") === REPLICATION_LINE)) {
    appendFileSync(hbaFile, `${lines.at(-1) === "" ? "" : "\n"}${REPLICATION_LINE}\n`);
  }
  await withClient({ connectionString: adminUrl(url) }, (client) => client.query("SELECT pg_reload_conf()"));
  // The postmaster rereads the file on the signal, a moment later.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    if ((await replicationRefusal(url)) === null)
      return { ok: true, message: `added "${REPLICATION_LINE}" to ${hbaFile} and reloaded the server` };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return skipped(`"${REPLICATION_LINE}" in ${hbaFile} did not take effect (an earlier line matches first?)`);
}
