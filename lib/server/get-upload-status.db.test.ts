import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { finishUpload, insertUpload, writeUploadProgress } from "@/lib/db/uploads";
import { AppError } from "./app-error";
import { UploadStatusQuery, getUploadStatus, waitForUploadStatus } from "./get-upload-status";

async function queuedUpload(): Promise<string> {
  const id = randomUUID();
  await insertUpload({
    id,
    fileName: "waiting.json",
    storagePath: `/nowhere/${id}`,
    sizeBytes: 100,
    contentHash: randomUUID().replaceAll("-", ""),
    actorId: null,
    actorName: "test",
    options: { tags: {} },
  });
  return id;
}

const writing = { phase: "writing", bytes: 50, trajectories: 2, events: 12, turnPredictions: 0 };

describe("waitForUploadStatus", () => {
  it("answers at once without `after`, and with it once the upload has moved on", async () => {
    const id = await queuedUpload();
    const first = await waitForUploadStatus(id, { wait: 20 });
    expect(first.phase).toBe("queued");

    // The job writes progress while the request waits on the status the client holds.
    const progress = new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
      writeUploadProgress({ id, progress: writing }),
    );
    const moved = await waitForUploadStatus(id, { after: first.updatedAt, wait: 20 });
    await progress;
    expect(moved).toMatchObject({ phase: "writing", trajectories: 2, events: 12 });
    expect(moved.updatedAt).not.toBe(first.updatedAt);

    const finishing = new Promise((resolve) => setTimeout(resolve, 300)).then(() =>
      finishUpload({ id, httpStatus: 201, result: { format: "bundle" } }),
    );
    const done = await waitForUploadStatus(id, { after: moved.updatedAt, wait: 20 });
    await finishing;
    expect(done).toMatchObject({ phase: "done", status: 201, result: { format: "bundle" } });
    // A finished upload answers at once, whatever the client last saw.
    expect((await waitForUploadStatus(id, { after: done.updatedAt, wait: 20 })).phase).toBe("done");
  });

  it("gives the unchanged status when the wait runs out, or when the client has gone", async () => {
    const id = await queuedUpload();
    const { updatedAt } = await getUploadStatus(id);
    expect(await waitForUploadStatus(id, { after: updatedAt, wait: 0.3 })).toMatchObject({
      phase: "queued",
      updatedAt,
    });
    const gone = AbortSignal.abort();
    expect((await waitForUploadStatus(id, { after: updatedAt, wait: 20 }, gone)).phase).toBe("queued");
  });

  it("refuses a wait over the limit and a malformed `after`, and an unknown upload is not found", async () => {
    expect(UploadStatusQuery.safeParse({ wait: "26" }).success).toBe(false);
    expect(UploadStatusQuery.safeParse({ after: "yesterday" }).success).toBe(false);
    expect(UploadStatusQuery.parse({ after: "2026-12-01T19:00:00.123Z", wait: "20" })).toEqual({
      after: "2026-12-01T19:00:00.123Z",
      wait: 20,
    });
    await expect(waitForUploadStatus(randomUUID(), { wait: 1 })).rejects.toBeInstanceOf(AppError);
  });
});
