import { existsSync, readdirSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { makeBundle } from "@/lib/testing/factories";
import { tableCounts } from "@/lib/testing/table-counts";
import { useJobQueue, useTemporaryUploadDir, waitFor } from "@/lib/testing/upload-jobs";
import { startWorker } from "@/lib/server/jobs/start-worker";
import { stopJobQueue } from "@/lib/server/jobs/queue";
import { GET as getUpload } from "../uploads/[id]/route";
import { POST } from "./route";

const context = { params: Promise.resolve({}) };
let uploadDir = "";
let stopWorker: (() => Promise<void>) | null = null;

function post(body: BodyInit, headers: Record<string, string>) {
  return POST(
    new Request("http://test/api/bundles", { method: "POST", body, headers, duplex: "half" } as RequestInit),
    context,
  );
}

async function readStatus(statusUrl: string) {
  const id = statusUrl.split("/").pop() ?? "";
  const response = await getUpload(new Request(`http://test${statusUrl}`), { params: Promise.resolve({ id }) });
  expect(response.status).toBe(200);
  return response.json();
}

/** POST, expect 202, then follow the status URL to the job's answer. */
async function upload(body: string, headers: Record<string, string>) {
  const accepted = await post(body, headers);
  expect(accepted.status).toBe(202);
  const { uploadId, statusUrl } = await accepted.json();
  expect(statusUrl).toBe(`/api/uploads/${uploadId}`);
  expect(accepted.headers.get("location")).toBe(statusUrl);
  const phases = new Set<string>();
  const done = await waitFor(
    async () => {
      const status = await readStatus(statusUrl);
      phases.add(status.phase);
      return status.phase === "done" ? status : null;
    },
    { what: `upload ${uploadId}` },
  );
  return { uploadId, done, phases };
}

beforeAll(async () => {
  useJobQueue();
  uploadDir = useTemporaryUploadDir();
  stopWorker = await startWorker();
});

afterAll(async () => {
  await stopWorker?.();
  await stopJobQueue({ graceful: false });
  delete process.env.LOOPSCOPE_UPLOAD_DIR;
});

afterEach(() => {
  delete process.env.LOOPSCOPE_MAX_UPLOAD_BYTES;
});

describe("POST /api/bundles -> 202 -> GET /api/uploads/{id}", () => {
  it("acknowledges with 202, then reports 201 with the stored runs; the same bytes again end in 200 duplicate", async () => {
    const body = JSON.stringify(makeBundle());
    const first = await upload(body, { "content-type": "application/json", "x-file-name": "a.json" });
    expect(first.done).toMatchObject({
      fileName: "a.json",
      status: 201,
      attempts: 1,
      trajectories: 1,
      events: 6,
      turnPredictions: 1,
    });
    expect(first.done.result).toMatchObject({
      duplicate: false,
      format: "loopscope-json",
      counts: { tasks: 1, trajectories: 1, events: 6, turnPredictions: 1 },
    });
    expect(first.done.result.runs).toHaveLength(1);
    // The raw upload is kept (for re-import, gzipped) under its upload id. One read while it arrived is gzipped after
    // its answer is stored (lib/server/jobs/process-upload.ts): wait for it rather than race it.
    await waitFor(async () => existsSync(`${uploadDir}/${first.uploadId}.upload.gz`), {
      timeoutMs: 15_000,
      intervalMs: 50,
      what: "the kept raw upload to be gzipped",
    });

    const again = await upload(body, { "content-type": "application/json" });
    expect(again.done).toMatchObject({
      status: 200,
      result: { duplicate: true, bundleId: first.done.result.bundleId },
    });
    // The duplicate's raw file is removed after its answer is stored: wait for it rather than race it.
    await waitFor(async () => !existsSync(`${uploadDir}/${again.uploadId}.upload.gz`), {
      timeoutMs: 15_000,
      intervalMs: 50,
      what: "the duplicate's raw upload to be removed",
    });
  });

  it("answers 413 naming the limit, from the declared length or while streaming, and stores nothing", async () => {
    process.env.LOOPSCOPE_MAX_UPLOAD_BYTES = "100";
    const before = await tableCounts();
    const filesBefore = readdirSync(uploadDir).length;
    const declared = await post(JSON.stringify(makeBundle()), { "content-type": "application/json" });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toContain("limit of 100 bytes");
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(makeBundle())));
        controller.close();
      },
    });
    const streamed = await post(chunked, { "content-type": "application/json" });
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ limitBytes: 100 });
    expect(await tableCounts()).toEqual(before);
    expect(readdirSync(uploadDir)).toHaveLength(filesBefore);
  });

  it("reports 422 naming the supported formats for a file of the wrong kind", async () => {
    const { done } = await upload(JSON.stringify({ rows: [1, 2, 3] }), { "content-type": "application/json" });
    expect(done.status).toBe(422);
    expect(done.result.issues[0].message).toContain("unrecognised file format: found a JSON object with keys rows");
    expect(done.result.issues[0].message).toContain("tau2-bench results JSON");
  });

  it("answers 404 for an unknown upload id and for a malformed one (located at params.id)", async () => {
    const missing = await getUpload(new Request("http://test/api/uploads/x"), {
      params: Promise.resolve({ id: "00000000-0000-4000-8000-000000000000" }),
    });
    expect(missing.status).toBe(404);
    const malformed = await getUpload(new Request("http://test/api/uploads/x"), {
      params: Promise.resolve({ id: "not-a-uuid" }),
    });
    expect(malformed.status).toBe(404);
    expect(await malformed.json()).toMatchObject({ issues: [{ path: "params.id" }] });
  });
});
