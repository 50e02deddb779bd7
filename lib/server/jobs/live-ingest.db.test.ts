import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findUploadForJob } from "@/lib/db/uploads";
import { pgPool } from "@/lib/db/pool";
import { makeBundle, makeTrajectory, toJsonl } from "@/lib/testing/factories";
import { tableCounts } from "@/lib/testing/table-counts";
import { useJobWorker } from "@/lib/testing/job-worker";
import { readUploadRow, waitFor } from "@/lib/testing/upload-jobs";
import { LOCAL_ACTOR } from "../auth/roles";
import { receiveUpload } from "../receive-upload";
import { readStoredUpload } from "../upload-store";

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

async function uploadLocksHeld(): Promise<number> {
  const { rows } = await pgPool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted`,
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

describe("ingest while the upload arrives", () => {
  it("writes rows before the body has arrived, and answers 201 with every trajectory once it has", async () => {
    const [head, tail] = bundleInTwo(400, 300);
    let sawWritesBeforeEnd = false;
    async function* slowBody() {
      yield head;
      // The body stops here until the ingest is seen writing the first part: it reads behind the store.
      sawWritesBeforeEnd = await waitFor(async () => ((await copyingEvents()) ? true : null), {
        timeoutMs: 30_000,
        intervalMs: 10,
        what: "events written while the body is still arriving",
      });
      yield tail;
    }
    const received = await receiveUpload(LOCAL_ACTOR, {
      fileName: "slow.jsonl",
      chunks: slowBody(),
      done: Promise.resolve(),
      fields: new Map(),
    });
    expect(sawWritesBeforeEnd).toBe(true);
    expect(received.kind).toBe("queued");
    const row = await waitFor(async () => {
      const current = await readUploadRow(received.uploadId);
      return current?.phase === "done" ? current : null;
    });
    expect(row).toMatchObject({ httpStatus: 201, attempts: 1, trajectories: 400, lastError: null });
    // The job queued for it waited for this attempt and found the answer stored: no second attempt, no lock left.
    await waitFor(async () => ((await uploadLocksHeld()) === 0 ? true : null), { what: "the upload's lock released" });
    expect((await readUploadRow(received.uploadId))?.attempts).toBe(1);
    // Kept as it came while it was read, then gzipped after the answer: the raw file is gone, the bytes are kept.
    const kept = await findUploadForJob({ id: received.uploadId });
    expect(kept?.storagePath).toMatch(/\.upload\.gz$/);
    expect(existsSync(kept?.storagePath.replace(/\.gz$/, ".raw") ?? "")).toBe(false);
    const chunks: Uint8Array[] = [];
    for await (const chunk of readStoredUpload(kept?.storagePath ?? "")) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(Buffer.concat([head, tail]))).toBe(true);
  });

  it("a body cut off mid-way rolls the started ingest back: nothing written, no upload, and the next one is taken", async () => {
    const [head] = bundleInTwo(400, 300);
    const before = await tableCounts();
    async function* brokenBody() {
      yield head;
      await waitFor(async () => ((await copyingEvents()) ? true : null), {
        timeoutMs: 30_000,
        intervalMs: 10,
        what: "events written while the body is still arriving",
      });
      throw new Error("connection reset by peer");
    }
    await expect(
      receiveUpload(LOCAL_ACTOR, {
        fileName: "cut.jsonl",
        chunks: brokenBody(),
        done: Promise.resolve(),
        fields: new Map(),
      }),
    ).rejects.toThrow(/connection reset/);
    expect(await tableCounts()).toEqual(before);
    expect(await uploadLocksHeld()).toBe(0);

    // The process's ingest slot was given back: the next upload is ingested as it arrives again.
    const [nextHead, nextTail] = bundleInTwo(400, 300);
    let overlapped = false;
    async function* nextBody() {
      yield nextHead;
      overlapped = await waitFor(async () => ((await copyingEvents()) ? true : null), {
        timeoutMs: 30_000,
        intervalMs: 10,
        what: "the next upload written while it arrives",
      });
      yield nextTail;
    }
    const received = await receiveUpload(LOCAL_ACTOR, {
      fileName: "next.jsonl",
      chunks: nextBody(),
      done: Promise.resolve(),
      fields: new Map(),
    });
    expect(overlapped).toBe(true);
    const row = await waitFor(async () => {
      const current = await readUploadRow(received.uploadId);
      return current?.phase === "done" ? current : null;
    });
    expect(row).toMatchObject({ httpStatus: 201, trajectories: 400 });
  });
});
