import { spawn, type ChildProcess } from "node:child_process";
import { createReadStream, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureMigratedDatabase } from "@/lib/testing/ensure-database";
import { testDatabaseNames } from "@/lib/testing/test-database-names";
import { uniqueId } from "@/lib/testing/factories";
import { freePort } from "@/lib/testing/free-port";
import { makeJudgedBundle } from "@/lib/testing/study-fixtures";
import { writeSyntheticJsonlBundle } from "@/lib/testing/synthetic-bundle";
import { waitFor } from "@/lib/testing/upload-jobs";

// A database of this run's own, made fresh: a fixed name was shared with any other checkout testing on this
// PostgreSQL, and a run killed before its cleanup left rows the next run counted (13 bundles for 12, in CI). The
// name carries this process's id, so the DB tests' global setup drops it once this process is gone.
const BASE_URL = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/loopscope_test");
const DATABASE_URL = Object.assign(new URL(BASE_URL), {
  pathname: `/${testDatabaseNames(BASE_URL.pathname.slice(1)).fileDatabase(process.pid, "cluster")}`,
}).toString();
const BUILT = existsSync(".next/BUILD_ID");
const children: ChildProcess[] = [];
let scratch = "";
let servers: string[] = [];
let workers: ChildProcess[] = [];

function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  return client
    .connect()
    .then(() => client.query<T>(text, params))
    .then((result) => result.rows)
    .finally(() => client.end());
}

async function dropDatabase(): Promise<void> {
  const admin = new URL(DATABASE_URL);
  const name = admin.pathname.slice(1);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}

/** Starts a child process and resolves once its output says it is ready. */
function start(args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`not ready after 120 s: ${output.slice(-2000)}`)), 120_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    child.once("exit", (code) => reject(new Error(`exited with ${code}: ${output.slice(-2000)}`)));
  });
}

const shared = () => ({
  DATABASE_URL,
  LOOPSCOPE_UPLOAD_DIR: path.join(scratch, "uploads"),
  // A job whose worker died is retried once the other worker finds it lost (no heartbeat for 3 s and no upload lock),
  // not at the expiry, which is set far beyond the test; maintenance looks every second.
  LOOPSCOPE_JOB_EXPIRE_SECONDS: "3600",
  LOOPSCOPE_JOB_HEARTBEAT_SECONDS: "1",
  LOOPSCOPE_WORKER_LOST_SECONDS: "3",
  LOOPSCOPE_JOB_MAINTENANCE_SECONDS: "1",
  NEXT_TELEMETRY_DISABLED: "1",
});

async function startServer(): Promise<string> {
  const port = await freePort();
  await start(
    ["node_modules/next/dist/bin/next", "start", "-p", String(port), "-H", "127.0.0.1"],
    { ...shared(), LOOPSCOPE_WORKER: "off", PORT: String(port) },
    /Ready in|started server/i,
  );
  return `http://127.0.0.1:${port}`;
}

function startWorkerProcess(name: string): Promise<ChildProcess> {
  return start(
    ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"],
    { ...shared(), PGAPPNAME: name },
    /waiting for jobs/,
  );
}

async function post(server: string, body: BodyInit, fileName: string): Promise<string> {
  const response = await fetch(`${server}/api/bundles`, {
    method: "POST",
    headers: { "content-type": "application/x-ndjson", "x-file-name": fileName },
    body,
    duplex: "half",
  } as RequestInit);
  const answer = (await response.json()) as { uploadId?: string };
  expect(response.status, JSON.stringify(answer)).toBe(202);
  return answer.uploadId ?? "";
}

interface Status {
  phase: string;
  status?: number;
  attempts: number;
  trajectories: number;
  lastError: string | null;
  worker: string | null;
  result?: { duplicate?: boolean; bundleId?: string };
}

async function status(server: string, uploadId: string): Promise<Status> {
  const response = await fetch(`${server}/api/uploads/${uploadId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Status;
}

describe.skipIf(!BUILT)(
  BUILT
    ? "two web servers and two workers on one PostgreSQL"
    : "two web servers and two workers on one PostgreSQL (skipped: no production build; run `next build` first)",
  () => {
    beforeAll(async () => {
      await dropDatabase();
      await ensureMigratedDatabase(DATABASE_URL);
      scratch = mkdtempSync(path.join(tmpdir(), "loopscope-cluster-"));
      servers = await Promise.all([startServer(), startServer()]);
      workers = await Promise.all([startWorkerProcess("loopscope-worker-1"), startWorkerProcess("loopscope-worker-2")]);
    });

    afterAll(async () => {
      for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
      if (scratch) rmSync(scratch, { recursive: true, force: true });
      await dropDatabase();
    });

    it("16 uploads split across both servers, progress read on the other one, a worker killed mid-ingest: every bundle stored once, every job done", async () => {
      const [a = "", b = ""] = servers;
      const other = (server: string) => (server === a ? b : a);
      // One big upload that takes seconds to write, eleven small distinct ones and four repeats of small ones.
      const bigFile = path.join(scratch, "big.jsonl");
      await writeSyntheticJsonlBundle(bigFile, {
        trajectories: 3000,
        eventsPerTrajectory: 30,
        suiteName: uniqueId("cluster-suite"),
      });
      const small = Array.from({ length: 11 }, () => JSON.stringify(makeJudgedBundle(2, uniqueId("cluster-run"))));
      const bodies = [...small, ...small.slice(0, 4)];

      const big = await post(a, Readable.toWeb(createReadStream(bigFile)) as ReadableStream, "big.jsonl");
      // Progress of the upload sent to A, read on B while a worker writes it; that worker holds an open ingest
      // transaction (nothing else is queued yet), which names it in pg_stat_activity.
      const holder = await waitFor(
        async () => {
          const current = await status(b, big);
          if (current.phase !== "writing" || current.trajectories === 0) return null;
          const [row] = await sql<{ name: string }>(
            `SELECT application_name AS name FROM pg_stat_activity
             WHERE datname = current_database() AND application_name LIKE 'loopscope-worker-%' AND xact_start IS NOT NULL
             ORDER BY xact_start LIMIT 1`,
          );
          return row ?? null;
        },
        { timeoutMs: 120_000, intervalMs: 100, what: "a worker writing the big upload" },
      );
      const victim = workers[holder.name === "loopscope-worker-2" ? 1 : 0];
      expect(holder.name).toMatch(/^loopscope-worker-[12]$/);

      // Killed at once: posting the other uploads first took long enough, on a quiet machine, for the big one to commit.
      expect((await status(b, big)).phase).not.toBe("done");
      const exited = new Promise((resolve) => victim?.once("exit", resolve));
      victim?.kill("SIGKILL");
      await exited;

      const uploads = [{ id: big, server: a, content: "big" }];
      for (const [index, body] of bodies.entries()) {
        const server = index % 2 === 0 ? b : a;
        uploads.push({ id: await post(server, body, `small-${index}.json`), server, content: `small-${index % 11}` });
      }
      expect(uploads).toHaveLength(16);
      expect(uploads.filter((upload) => upload.server === a)).toHaveLength(8);

      // Every job ends, read on the server the file was not sent to.
      const finals = new Map<string, Status>();
      for (const upload of uploads) {
        finals.set(
          upload.id,
          await waitFor(
            async () => {
              const current = await status(other(upload.server), upload.id);
              return current.phase === "done" ? current : null;
            },
            { timeoutMs: 300_000, intervalMs: 250, what: `upload ${upload.id} (${upload.content})` },
          ),
        );
      }
      const bigFinal = finals.get(big);
      expect(bigFinal).toMatchObject({ status: 201 });
      expect(bigFinal?.attempts).toBeGreaterThanOrEqual(2);
      // Retried because the killed worker was found lost, named as pg_stat_activity named it (its PGAPPNAME aside,
      // the upload names host:pid), not because the job expired.
      expect(bigFinal?.lastError).toMatch(new RegExp(`^worker [^ ]+:${victim?.pid} lost, no heartbeat for \\d+ s`));
      expect(bigFinal?.worker).not.toMatch(new RegExp(`:${victim?.pid}$`));
      // Each distinct content: one upload stored it (201), its repeats answered duplicate (200) with the same bundle.
      const byContent = new Map<string, typeof uploads>();
      for (const upload of uploads) byContent.set(upload.content, [...(byContent.get(upload.content) ?? []), upload]);
      expect(byContent.size).toBe(12);
      for (const [content, group] of byContent) {
        const answers = group.map((upload) => finals.get(upload.id));
        expect(
          answers.filter((answer) => answer?.status === 201),
          content,
        ).toHaveLength(1);
        expect(answers.filter((answer) => answer?.status === 200 && answer.result?.duplicate)).toHaveLength(
          group.length - 1,
        );
        expect(new Set(answers.map((answer) => answer?.result?.bundleId)).size).toBe(1);
      }
      const [counts] = await sql<{ bundles: number; hashes: number; pending: number }>(
        `SELECT count(*)::int AS bundles, count(DISTINCT "contentHash")::int AS hashes,
                count(*) FILTER (WHERE "contentHash" LIKE 'pending:%')::int AS pending FROM "Bundle"`,
      );
      // On a mismatch, name every bundle and the uploads that answered with it: an extra one is found at once.
      const stored = await sql<{ id: string; fileName: string; status: string; uploadedAt: Date; uploads: string }>(
        `SELECT b.id, b."fileName", b.status, b."uploadedAt",
                coalesce(string_agg(u."fileName" || ' ' || coalesce(u."httpStatus"::text, '-'), ', '), 'no upload') AS uploads
         FROM "Bundle" b LEFT JOIN "Upload" u ON u.result->>'bundleId' = b.id
         GROUP BY b.id ORDER BY b."uploadedAt"`,
      );
      expect(counts, JSON.stringify(stored, null, 1)).toEqual({ bundles: 12, hashes: 12, pending: 0 });
      const [jobs] = await sql<{ open: number }>(
        `SELECT count(*)::int AS open FROM pgboss.job WHERE name IN ('ingest-upload', 'ingest-small-upload') AND state NOT IN ('completed')`,
      );
      expect(jobs?.open).toBe(0);
    });
  },
);
