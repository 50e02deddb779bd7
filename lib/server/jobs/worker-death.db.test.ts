import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { findUploadStatus, insertUpload, startUploadAttempt } from "@/lib/db/uploads";
import { makeBundle, toJsonl, chunksOf } from "@/lib/testing/factories";
import { tableCounts } from "@/lib/testing/table-counts";
import { useJobQueue, useTemporaryUploadDir } from "@/lib/testing/upload-jobs";
import { storeUpload } from "../upload-store";
import { isDataError } from "./ingest-failure";
import { processUpload } from "./process-upload";
import { chargeIngestDeath, chargeWorkerDeath } from "./worker-death";

async function storedUpload() {
  useJobQueue();
  if (!process.env.LOOPSCOPE_UPLOAD_DIR) useTemporaryUploadDir();
  const id = randomUUID();
  const stored = await storeUpload(id, chunksOf(toJsonl(makeBundle())));
  await insertUpload({
    id,
    fileName: "poison.jsonl",
    storagePath: stored.storagePath,
    sizeBytes: stored.sizeBytes,
    contentHash: stored.contentHash,
    actorId: null,
    actorName: "test",
    options: { tags: {} },
  });
  return { id, storagePath: stored.storagePath };
}

const death = { jobId: null, heapMb: 256 } as const;

describe("poison uploads", () => {
  it("an attempt left open counts as a worker death when the next attempt starts", async () => {
    const { id } = await storedUpload();
    expect(await startUploadAttempt({ id, lastError: null, workerName: "test:1" })).toEqual({ workerDeaths: 0 });
    // The first attempt's worker died without a word: the second start finds its attempt still open.
    expect(await startUploadAttempt({ id, lastError: null, workerName: "test:1" })).toEqual({ workerDeaths: 1 });
    expect(await startUploadAttempt({ id, lastError: null, workerName: "test:1" })).toEqual({ workerDeaths: 2 });
  });

  it("a job on an upload whose worker died twice refuses it with 422 instead of ingesting it again", async () => {
    const { id, storagePath } = await storedUpload();
    await startUploadAttempt({ id, lastError: null, workerName: "test:1" });
    await startUploadAttempt({ id, lastError: null, workerName: "test:1" });
    const before = await tableCounts();
    // Not final: a retried data error would throw here.
    await processUpload({ uploadId: id, finalAttempt: false });
    const row = await findUploadStatus({ id });
    expect(row?.phase).toBe("done");
    expect(row?.httpStatus).toBe(422);
    expect(row?.result).toMatchObject({
      error: expect.stringMatching(/^the ingest's worker died twice on this upload; refused, not retried/),
    });
    expect(row?.attempts).toBe(3);
    expect(await tableCounts()).toEqual(before);
    expect(existsSync(storagePath)).toBe(false);
  });

  it("a death out of memory refuses the upload at once with 413, saying where", async () => {
    const { id, storagePath } = await storedUpload();
    await startUploadAttempt({ id, lastError: null, workerName: "test:1" });
    await db().upload.update({ where: { id }, data: { trajectories: 12_344 } });
    const outcome = await chargeIngestDeath({ ...death, uploadId: id, outOfMemory: true, exit: "signal SIGABRT" });
    expect(outcome).toBe("refused-out-of-memory");
    const row = await findUploadStatus({ id });
    expect(row?.httpStatus).toBe(413);
    expect(row?.result).toEqual({
      error: "the ingest ran out of memory at trajectory 12,345 (its limit is 256 MB); refused",
      limitMb: 256,
    });
    expect(existsSync(storagePath)).toBe(false);
  });

  it("another death is retried once; the second refuses the upload with 422 and is not counted twice", async () => {
    const { id } = await storedUpload();
    await startUploadAttempt({ id, lastError: null, workerName: "test:1" });
    const first = await chargeIngestDeath({ ...death, uploadId: id, outOfMemory: false, exit: "signal SIGKILL" });
    expect(first).toBe("retried");
    expect((await findUploadStatus({ id }))?.lastError).toBe("the ingest's worker died (signal SIGKILL)");
    // The retry's start finds the attempt closed by the supervisor: still one death.
    expect(await startUploadAttempt({ id, lastError: null, workerName: "test:1" })).toEqual({ workerDeaths: 1 });
    const second = await chargeIngestDeath({ ...death, uploadId: id, outOfMemory: false, exit: "exit code 139" });
    expect(second).toBe("refused-died-twice");
    const row = await findUploadStatus({ id });
    expect(row?.httpStatus).toBe(422);
    expect(row?.result).toMatchObject({
      error:
        "the ingest's worker died twice on this upload (last at trajectory 1, exit code 139); refused, not retried",
    });
    expect(await chargeIngestDeath({ ...death, uploadId: id, outOfMemory: true, exit: "x" })).toBe("already-answered");
  });

  it("out of memory with a small upload beside a big one: the big one is refused, the small one retried uncharged", async () => {
    const big = await storedUpload();
    const small = await storedUpload();
    for (const { id } of [big, small]) await startUploadAttempt({ id, lastError: null, workerName: "test:1" });
    await chargeWorkerDeath(
      [
        { uploadId: small.id, jobId: null, queue: "ingest-small-upload" },
        { uploadId: big.id, jobId: null, queue: "ingest-upload" },
      ],
      { outOfMemory: true, exit: "signal SIGABRT", heapMb: 256 },
    );
    expect(await findUploadStatus({ id: big.id })).toMatchObject({ phase: "done", httpStatus: 413 });
    const row = await db().upload.findUniqueOrThrow({ where: { id: small.id } });
    expect(row).toMatchObject({ phase: "queued", attemptOpen: false, workerDeaths: 0, httpStatus: null });
    expect(row.lastError).toBe("its worker died while ingesting another upload beside it; retrying");
    // Its retry starts as a first attempt would: no death counted.
    expect(await startUploadAttempt({ id: small.id, lastError: null, workerName: "test:1" })).toEqual({
      workerDeaths: 0,
    });
  });

  it("PostgreSQL refusing a value is a data error; a lost connection is not", async () => {
    const refusals = await Promise.all(
      [
        db().$executeRawUnsafe(`SELECT '{"a": "\\u0000"}'::jsonb`),
        db().$executeRawUnsafe(`SELECT '{"a": "\\ud800"}'::jsonb`),
        db().$executeRawUnsafe(`SELECT 1e400::float8`),
        db().$executeRawUnsafe(`SELECT repeat('x', 300000)::tsvector`),
      ].map((query) =>
        query.then(
          () => null,
          (error: unknown) => error,
        ),
      ),
    );
    for (const refusal of refusals) expect(isDataError(refusal), String(refusal)).toBe(true);
    const { default: pg } = await import("pg");
    const closed = new pg.Client({ connectionString: "postgresql://postgres@127.0.0.1:1/none" });
    const lost = await closed.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect(lost).toBeInstanceOf(Error);
    expect(isDataError(lost)).toBe(false);
  });
});
