import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { writeSyntheticJsonlBundle } from "@/lib/testing/synthetic-bundle";
import { tableCounts } from "@/lib/testing/table-counts";
import { readUploadRow, useJobQueue, useTemporaryUploadDir, waitFor } from "@/lib/testing/upload-jobs";
import { uniqueId } from "@/lib/testing/factories";
import { LOCAL_ACTOR } from "../auth/roles";
import { receiveUpload } from "../receive-upload";
import { readStoredUpload } from "../upload-store";
import { stopJobQueue } from "./queue";
import { startWorker } from "./start-worker";

// Large enough that the kill lands before the commit now that COPY goes straight into the run's partition.
const TRAJECTORIES = 3000;
let uploadDir = "";
let child: ChildProcess | null = null;
let stopWorker: (() => Promise<void>) | null = null;

/** `npm run worker`'s script in its own process, so it can be killed the way a machine dies. */
function spawnWorker(): Promise<ChildProcess> {
  // One node process (tsx as a loader, not its CLI, which would run the script in a grandchild).
  const worker = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/worker.ts"], {
    env: { ...process.env, LOOPSCOPE_UPLOAD_DIR: uploadDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`the worker did not start: ${output}`)), 90_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("waiting for jobs")) {
        clearTimeout(timer);
        resolve(worker);
      }
    };
    worker.stdout?.on("data", collect);
    worker.stderr?.on("data", collect);
    worker.once("exit", (code) => reject(new Error(`the worker exited with ${code}: ${output}`)));
  });
}

beforeAll(() => {
  useJobQueue();
  uploadDir = useTemporaryUploadDir();
  // The expiry is far beyond the test: the retry comes from the dead worker's missing heartbeat (lost-workers.ts).
  process.env.LOOPSCOPE_JOB_EXPIRE_SECONDS = "3600";
  process.env.LOOPSCOPE_JOB_HEARTBEAT_SECONDS = "1";
  process.env.LOOPSCOPE_WORKER_LOST_SECONDS = "3";
  process.env.LOOPSCOPE_JOB_MAINTENANCE_SECONDS = "1";
});

afterAll(async () => {
  child?.kill("SIGKILL");
  await stopWorker?.();
  await stopJobQueue({ graceful: false });
  for (const name of [
    "LOOPSCOPE_UPLOAD_DIR",
    "LOOPSCOPE_JOB_EXPIRE_SECONDS",
    "LOOPSCOPE_JOB_HEARTBEAT_SECONDS",
    "LOOPSCOPE_WORKER_LOST_SECONDS",
    "LOOPSCOPE_JOB_MAINTENANCE_SECONDS",
  ])
    delete process.env[name];
});

describe("a worker killed mid-job", () => {
  it(
    "leaves nothing written; the job is retried by another worker and the bundle is stored once",
    { timeout: 240_000 },
    async () => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "loopscope-restart-")), "big.jsonl");
      await writeSyntheticJsonlBundle(file, {
        trajectories: TRAJECTORIES,
        eventsPerTrajectory: 24,
        suiteName: uniqueId("restart-suite"),
      });
      child = await spawnWorker();
      const before = await tableCounts();

      const received = await receiveUpload(LOCAL_ACTOR, {
        fileName: "big.jsonl",
        chunks: readStoredUpload(file),
        done: Promise.resolve(),
        fields: new Map(),
      });
      expect(received.kind).toBe("queued");
      await waitFor(
        async () => {
          const row = await readUploadRow(received.uploadId);
          return row?.phase === "writing" && row.trajectories > 0;
        },
        { timeoutMs: 90_000, intervalMs: 20, what: "the first worker to be writing" },
      );
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
      child = null;

      const orphaned = await readUploadRow(received.uploadId);
      expect(orphaned).toMatchObject({ phase: "writing", attempts: 1, httpStatus: null });
      // The dead worker's transaction is rolled back: no bundle, no rows.
      expect(await db().bundle.count({ where: { contentHash: orphaned?.contentHash ?? "" } })).toBe(0);
      expect(await tableCounts()).toEqual(before);

      stopWorker = await startWorker();
      const lostSeen = await waitFor(
        async () => {
          const row = await readUploadRow(received.uploadId);
          return row?.lastError?.includes("lost") ? row : null;
        },
        { timeoutMs: 60_000, intervalMs: 100, what: "the dead worker to be found lost" },
      );
      const done = await waitFor(
        async () => {
          const row = await readUploadRow(received.uploadId);
          return row?.phase === "done" ? row : null;
        },
        { timeoutMs: 180_000, intervalMs: 250, what: "the retried job" },
      );
      expect(done.httpStatus).toBe(201);
      expect(done.attempts).toBeGreaterThanOrEqual(2);
      // The upload told why it was retried: its worker, named, was lost where it had got to.
      expect(lostSeen.lastError).toMatch(
        /^worker [^ ]+:\d+ lost, no heartbeat for \d+ s \(at trajectory [\d,]+\); retrying$/,
      );
      const bundles = await db().bundle.findMany({
        where: { contentHash: done.contentHash },
        select: { runs: { select: { id: true } } },
      });
      expect(bundles).toHaveLength(1);
      const runId = bundles[0]?.runs[0]?.id ?? "";
      expect(await db().trajectory.count({ where: { runId } })).toBe(TRAJECTORIES);
    },
  );
});
