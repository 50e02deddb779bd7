import { rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { findUploadStatus, insertUpload } from "@/lib/db/uploads";
import { makeBundle, makeTrajectory, toJsonl, chunksOf } from "@/lib/testing/factories";
import { tableCounts } from "@/lib/testing/table-counts";
import { useJobWorker } from "@/lib/testing/job-worker";
import { readUploadRow, waitFor } from "@/lib/testing/upload-jobs";
import { LOCAL_ACTOR } from "../auth/roles";
import { receiveUpload } from "../receive-upload";
import { storeUpload } from "../upload-store";
import { processUpload } from "./process-upload";

useJobWorker();

/** Stores `content` as an upload and records its row, as receiveUpload does, without queueing a job. */
async function storedUpload(content: string, fileName: string) {
  const id = randomUUID();
  const stored = await storeUpload(id, chunksOf(content));
  await insertUpload({
    id,
    fileName,
    storagePath: stored.storagePath,
    sizeBytes: stored.sizeBytes,
    contentHash: stored.contentHash,
    actorId: null,
    actorName: "test",
    options: { tags: {} },
  });
  return { id, storagePath: stored.storagePath };
}

describe("ingest jobs", () => {
  it("a job failing mid-ingest writes nothing and stores the located error on the upload", async () => {
    const bundle = makeBundle({
      trajectories: Array.from({ length: 2500 }, (_, index) => makeTrajectory({ trial: index + 1 })),
    });
    const bad = bundle.trajectories[2400];
    if (!bad) throw new Error("fixture too small");
    const rawEvents: Record<string, unknown>[] = bad.events;
    rawEvents[3] = { kind: "tool_teleport", text: "?" };
    const before = await tableCounts();
    const received = await receiveUpload(LOCAL_ACTOR, {
      fileName: "bad.jsonl",
      chunks: chunksOf(toJsonl(bundle)),
      done: Promise.resolve(),
      fields: new Map(),
    });
    expect(received.kind).toBe("queued");
    const row = await waitFor(
      async () => {
        const current = await findUploadStatus({ id: received.uploadId });
        return current?.phase === "done" ? current : null;
      },
      { what: "the ingest job" },
    );
    expect(row.httpStatus).toBe(422);
    expect(row.result).toEqual({
      error: "the bundle was rejected: 1 problem found; nothing was stored",
      totalIssues: 1,
      issues: [
        { path: "events[3].kind", line: 2402, message: expect.stringContaining('unknown kind "tool_teleport"') },
      ],
    });
    expect(await tableCounts()).toEqual(before);
  });

  it("turns an error on the last attempt into a stored 500 answer instead of retrying forever", async () => {
    const { id, storagePath } = await storedUpload(JSON.stringify(makeBundle()), "gone.json");
    rmSync(storagePath);
    await expect(processUpload({ uploadId: id, finalAttempt: false })).rejects.toThrow(/ENOENT/);
    expect(await readUploadRow(id)).toMatchObject({
      phase: "queued",
      attempts: 1,
      lastError: expect.stringContaining("ENOENT"),
    });
    await processUpload({ uploadId: id, finalAttempt: true });
    const row = await findUploadStatus({ id });
    expect(row).toMatchObject({ phase: "done", httpStatus: 500, attempts: 2 });
    expect(row?.result).toMatchObject({ error: expect.stringContaining("could not be ingested after 2 attempts") });
  });

  it("answers a repeated upload as a duplicate from its stored hash, without reading the file again", async () => {
    const content = JSON.stringify(makeBundle());
    const first = await storedUpload(content, "first.json");
    await processUpload({ uploadId: first.id, finalAttempt: true });
    const stored = await findUploadStatus({ id: first.id });
    expect(stored).toMatchObject({ phase: "done", httpStatus: 201 });
    const before = await tableCounts();

    const again = await storedUpload(content, "again.json");
    // Its raw file is gone: an ingest that read it would fail (ENOENT), as the test above shows.
    rmSync(again.storagePath);
    await processUpload({ uploadId: again.id, finalAttempt: true });
    const row = await findUploadStatus({ id: again.id });
    expect(row).toMatchObject({ phase: "done", httpStatus: 200, attempts: 1 });
    expect(row?.result).toMatchObject({
      duplicate: true,
      bundleId: (stored?.result as { bundleId?: string } | null)?.bundleId,
    });
    expect(await tableCounts()).toEqual(before);
  });
});
