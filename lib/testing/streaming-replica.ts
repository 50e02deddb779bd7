import { execFile } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./free-port";

const run = promisify(execFile);

/** PostgreSQL 15 as Debian installs it (the version of the test server). */
export const PG_BIN = process.env.LOOPSCOPE_PG_BIN ?? "/usr/lib/postgresql/15/bin";

/**
 * Why a streaming replica cannot be started here, or null when it can. pg_basebackup needs a replication entry in
 * pg_hba.conf, which `npm test`'s preflight adds when it may (scripts/preflight.mjs); a replication connection tells.
 */
export async function streamingReplicaSkipReason(primaryUrl: string): Promise<string | null> {
  if (!existsSync(path.join(PG_BIN, "pg_basebackup")) || !existsSync(path.join(PG_BIN, "pg_ctl")))
    return `no pg_basebackup/pg_ctl in ${PG_BIN} (set LOOPSCOPE_PG_BIN)`;
  if (process.getuid?.() !== 0 && process.env.USER !== "postgres")
    return "the replica must run as the postgres user: run the tests as root or postgres";
  // A physical replication connection (pg passes `replication` on; its types do not list it).
  const config: pg.ClientConfig & { replication: string } = { connectionString: primaryUrl, replication: "true" };
  const probe = new pg.Client(config);
  try {
    await probe.connect();
    await probe.query("IDENTIFY_SYSTEM");
    return null;
  } catch (error) {
    return `PostgreSQL refuses a replication connection (${(error as Error).message}): add "host replication all 127.0.0.1/32 trust" to pg_hba.conf and reload (npm test does so when run as root)`;
  } finally {
    await probe.end().catch(() => {});
  }
}

/** Runs a PostgreSQL binary as the postgres user (the server refuses to run as root). */
async function asPostgres(binary: string, args: string[]): Promise<void> {
  const command = path.join(PG_BIN, binary);
  if (process.getuid?.() === 0) await run("runuser", ["-u", "postgres", "--", command, ...args]);
  else await run(command, args);
}

export interface StreamingReplica {
  url: string;
  /** Stops replaying WAL: rows committed on the primary from now on are not visible on the replica. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

async function onReplica(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Clones the primary with `pg_basebackup -R` into a temporary directory and starts it on a free port as a hot
 * standby streaming from the primary; `stop()` shuts it down and removes the directory.
 */
export async function startStreamingReplica(primaryUrl: string): Promise<StreamingReplica> {
  const primary = new URL(primaryUrl);
  const dir = mkdtempSync(path.join(tmpdir(), "loopscope-replica-"));
  if (process.getuid?.() === 0) chownSync(dir, Number((await run("id", ["-u", "postgres"])).stdout.trim()), 0);
  chmodSync(dir, 0o700);
  const port = await freePort();
  try {
    await asPostgres("pg_basebackup", [
      "-h",
      primary.hostname,
      "-p",
      primary.port || "5432",
      "-U",
      primary.username || "postgres",
      "-D",
      dir,
      "-R",
      "-X",
      "stream",
      "-c",
      "fast",
    ]);
    // Debian keeps the configuration outside the data directory: the clone gets a minimal one of its own.
    writeFileSync(path.join(dir, "postgresql.conf"), "hot_standby = on\n");
    writeFileSync(path.join(dir, "pg_hba.conf"), "local all all trust\nhost all all 127.0.0.1/32 trust\n");
    await run("chown", ["postgres", path.join(dir, "postgresql.conf"), path.join(dir, "pg_hba.conf")]).catch(() => {});
    await asPostgres("pg_ctl", [
      "-D",
      dir,
      "-w",
      "-t",
      "60",
      "-l",
      path.join(dir, "replica.log"),
      "-o",
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir}`,
      "start",
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = new URL(primaryUrl);
  url.port = String(port);
  const replicaUrl = url.toString();
  return {
    url: replicaUrl,
    pause: () => onReplica(replicaUrl, "SELECT pg_wal_replay_pause()"),
    resume: () => onReplica(replicaUrl, "SELECT pg_wal_replay_resume()"),
    stop: async () => {
      await asPostgres("pg_ctl", ["-D", dir, "-m", "immediate", "-w", "stop"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
