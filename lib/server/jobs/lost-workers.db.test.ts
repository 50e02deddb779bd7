import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { insertUpload, startUploadAttempt } from "@/lib/db/uploads";
import { lockUpload } from "@/lib/db/upload-lock";
import { useJobQueue } from "@/lib/testing/upload-jobs";
import { retryLostIngests } from "./lost-workers";
import { INGEST_QUEUE, enqueueJob, jobQueue, stopJobQueue } from "./queue";

beforeAll(() => {
  useJobQueue();
  process.env.LOOPSCOPE_WORKER_LOST_SECONDS = "30";
});

afterAll(async () => {
  await stopJobQueue({ graceful: false });
  delete process.env.LOOPSCOPE_WORKER_LOST_SECONDS;
});

/** An upload whose attempt a worker took (its job active), last heard of `silentSeconds` ago. */
async function attemptSilentFor(silentSeconds: number): Promise<{ uploadId: string; jobId: string }> {
  const uploadId = randomUUID();
  await insertUpload({
    id: uploadId,
    fileName: "lost.jsonl",
    storagePath: `/nowhere/${uploadId}`,
    sizeBytes: 10,
    contentHash: `hash-${uploadId}`,
    actorId: null,
    actorName: "test",
    options: { tags: {} },
  });
  await startUploadAttempt({ id: uploadId, lastError: null, workerName: "gone-host:4242" });
  const jobId = await enqueueJob(INGEST_QUEUE, { uploadId });
  const boss = await jobQueue();
  // Fetched until ours is active (other files' jobs live in other databases; this one has only ours).
  const [fetched] = await boss.fetch(INGEST_QUEUE, { batchSize: 1 });
  expect(fetched?.id).toBe(jobId);
  await db()
    .$executeRaw`UPDATE "Upload" SET "heartbeatAt" = now() - make_interval(secs => ${silentSeconds}) WHERE id = ${uploadId}`;
  await db().$executeRawUnsafe(
    `UPDATE pgboss.job SET started_on = now() - make_interval(secs => $1) WHERE id = $2::uuid`,
    silentSeconds,
    jobId,
  );
  return { uploadId, jobId };
}

async function jobState(jobId: string): Promise<string> {
  const rows = await db().$queryRawUnsafe<{ state: string }[]>(
    `SELECT state::text FROM pgboss.job WHERE id = $1::uuid`,
    jobId,
  );
  return rows[0]?.state ?? "missing";
}

describe("lost ingest workers", () => {
  it("a silent attempt whose lock is held is alive; once the lock is gone it is charged once and retried", async () => {
    const { uploadId, jobId } = await attemptSilentFor(60);
    // A worker that is only slow keeps its lock connection: not lost, however long its silence.
    const unlock = await lockUpload(uploadId);
    expect(await retryLostIngests()).toEqual([]);
    await unlock();

    // Two workers look at once: one charges the death, the other finds the attempt closed.
    const [a, b] = await Promise.all([retryLostIngests(), retryLostIngests()]);
    expect([...a, ...b]).toEqual([{ uploadId, outcome: "retried" }]);
    const row = await db().upload.findUniqueOrThrow({ where: { id: uploadId } });
    expect(row).toMatchObject({ workerDeaths: 1, attemptOpen: false, phase: "queued", workerName: "gone-host:4242" });
    expect(row.lastError).toMatch(/^worker gone-host:4242 lost, no heartbeat for 6\d s \(at trajectory 1\); retrying$/);
    expect(["retry", "created"]).toContain(await jobState(jobId));
    expect(await retryLostIngests()).toEqual([]);
  });

  it("an attempt that beat within the limit is not lost", async () => {
    const { uploadId } = await attemptSilentFor(5);
    expect(await retryLostIngests()).toEqual([]);
    expect(await db().upload.findUniqueOrThrow({ where: { id: uploadId } })).toMatchObject({
      workerDeaths: 0,
      attemptOpen: true,
    });
  });

  it("a second loss on the same upload refuses it with 422 instead of retrying", async () => {
    const { uploadId, jobId } = await attemptSilentFor(60);
    await db().upload.update({ where: { id: uploadId }, data: { workerDeaths: 1 } });
    expect(await retryLostIngests()).toEqual([{ uploadId, outcome: "refused-died-twice" }]);
    const row = await db().upload.findUniqueOrThrow({ where: { id: uploadId } });
    expect(row).toMatchObject({ phase: "done", httpStatus: 422, workerDeaths: 2 });
    expect(JSON.stringify(row.result)).toMatch(/died twice.*lost, no heartbeat/);
    expect(await jobState(jobId)).toBe("completed");
  });
});
