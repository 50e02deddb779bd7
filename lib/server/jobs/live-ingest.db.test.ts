import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findUploadForJob } from "@/lib/db/uploads";
import { pgPool } from "@/lib/db/pool";
import { bytesOf, makeBundle, makeTrajectory, toJsonl } from "@/lib/testing/factories";
import { tableCounts } from "@/lib/testing/table-counts";
import { useJobWorker } from "@/lib/testing/job-worker";
import { readUploadRow, waitFor } from "@/lib/testing/upload-jobs";
import { LOCAL_ACTOR } from "../auth/roles";
import { receiveUpload } from "../receive-upload";
import { readStoredUpload } from "../upload-store";
import { tryTakeIngestSlot } from "./ingest-slot";
import { runIngestJob } from "./ingest-job";

useJobWorker();

/** Whether a connection of ours is inside a transaction writing events now (an ingest whose rows are not committed). */
async function copyingEvents(): Promise<boolean> {
  const { rows } = await pgPool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL
       AND query ILIKE 'COPY "Event%'`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** Upload locks held in this file's database (servers on other databases of the same PostgreSQL take their own). */
async function uploadLocksHeld(): Promise<number> {
  const { rows } = await pgPool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks
     WHERE locktype = 'advisory' AND granted
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return rows[0]?.n ?? 0;
}

/** A JSONL bundle of `count` trajectories, as bytes, cut in two at the start of trajectory `cutAt`'s line. */
function bundleInTwo(count: number, cutAt: number): [Buffer, Buffer] {
  const lines = toJsonl(
    makeBundle({ trajectories: Array.from({ length: count }, (_, index) => makeTrajectory({ trial: index + 1 })) }),
  ).split("\n");
  // Line 0 is the header: trajectory i is on line i + 1.
  return [Buffer.from(lines.slice(0, cutAt + 1).join("\n") + "\n"), Buffer.from(lines.slice(cutAt + 1).join("\n"))];
}

/**
 * An upload source that sends `head`, then holds the rest back until the ingest is seen writing events (it reads
 * behind the store), then sends `rest` -- or fails, as a client that went away.
 */
function arrivingUpload(fileName: string, head: Buffer, rest: Buffer | Error) {
  const seen = { writesBeforeEnd: false };
  async function* chunks() {
    yield head;
    seen.writesBeforeEnd = await waitFor(async () => ((await copyingEvents()) ? true : null), {
      timeoutMs: 30_000,
      intervalMs: 10,
      what: `events of ${fileName} written while its body is still arriving`,
    });
    if (rest instanceof Error) throw rest;
    yield rest;
  }
  return { seen, source: { fileName, chunks: chunks(), done: Promise.resolve(), fields: new Map<string, string[]>() } };
}

async function answered(uploadId: string) {
  return waitFor(async () => {
    const current = await readUploadRow(uploadId);
    return current?.phase === "done" ? current : null;
  });
}

describe("ingest while the upload arrives", () => {
  it("writes rows before the body has arrived, and answers 201 with every trajectory once it has", async () => {
    const [head, tail] = bundleInTwo(400, 300);
    const upload = arrivingUpload("slow.jsonl", head, tail);
    const received = await receiveUpload(LOCAL_ACTOR, upload.source);
    expect(upload.seen.writesBeforeEnd).toBe(true);
    expect(received.kind).toBe("queued");
    expect(await answered(received.uploadId)).toMatchObject({
      httpStatus: 201,
      attempts: 1,
      trajectories: 400,
      lastError: null,
    });
    // The job queued for it waited for this attempt and found the answer stored: no second attempt, no lock left.
    await waitFor(async () => ((await uploadLocksHeld()) === 0 ? true : null), { what: "the upload's lock released" });
    expect((await readUploadRow(received.uploadId))?.attempts).toBe(1);
    // Kept as it came while it was read, then gzipped after the answer: the raw file is gone, the bytes are kept.
    const kept = await findUploadForJob({ id: received.uploadId });
    expect(kept?.storagePath).toMatch(/\.upload\.gz$/);
    expect(existsSync(kept?.storagePath.replace(/\.gz$/, ".raw") ?? "")).toBe(false);
    const keptBytes = await bytesOf(readStoredUpload(kept?.storagePath ?? ""));
    expect(keptBytes.equals(Buffer.concat([head, tail]))).toBe(true);
  });

  it("the job of an upload answered while it arrived ends without waiting for the ingest slot", async () => {
    const [head, tail] = bundleInTwo(400, 300);
    const upload = arrivingUpload("answered.jsonl", head, tail);
    const received = await receiveUpload(LOCAL_ACTOR, upload.source);
    await answered(received.uploadId);
    // Another upload now holds the slot: a job that waited for it would not end while it is held.
    const release = await waitFor(async () => tryTakeIngestSlot(), { what: "the ingest slot free" });
    try {
      const outcome = await Promise.race([
        runIngestJob({ uploadId: received.uploadId, finalAttempt: false }).then(() => "ended"),
        new Promise((resolve) => setTimeout(() => resolve("still waiting after 10 s"), 10_000)),
      ]);
      expect(outcome).toBe("ended");
    } finally {
      release();
    }
    expect((await readUploadRow(received.uploadId))?.attempts).toBe(1);
  });

  it("a body cut off mid-way rolls the started ingest back: nothing written, no upload, and the next one is taken", async () => {
    const [head] = bundleInTwo(400, 300);
    const before = await tableCounts();
    const cut = arrivingUpload("cut.jsonl", head, new Error("connection reset by peer"));
    await expect(receiveUpload(LOCAL_ACTOR, cut.source)).rejects.toThrow(/connection reset/);
    expect(cut.seen.writesBeforeEnd).toBe(true);
    expect(await tableCounts()).toEqual(before);
    expect(await uploadLocksHeld()).toBe(0);

    // The process's ingest slot was given back: the next upload is ingested as it arrives again.
    const [nextHead, nextTail] = bundleInTwo(400, 300);
    const next = arrivingUpload("next.jsonl", nextHead, nextTail);
    const received = await receiveUpload(LOCAL_ACTOR, next.source);
    expect(next.seen.writesBeforeEnd).toBe(true);
    expect(await answered(received.uploadId)).toMatchObject({ httpStatus: 201, trajectories: 400 });
  });
});
