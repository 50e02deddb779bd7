import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunksOf, makeBundle, toJsonl, uniqueId } from "@/lib/testing/factories";
import { writeSyntheticJsonlBundle } from "@/lib/testing/synthetic-bundle";
import { readUploadRow, useJobQueue, useTemporaryUploadDir, waitFor } from "@/lib/testing/upload-jobs";
import { LOCAL_ACTOR } from "../auth/roles";
import { receiveUpload } from "../receive-upload";
import { readStoredUpload } from "../upload-store";
import { stopJobQueue } from "./queue";
import { startWorker } from "./start-worker";

let stopWorker: (() => Promise<void>) | null = null;

beforeAll(async () => {
  useJobQueue();
  useTemporaryUploadDir();
  stopWorker = await startWorker();
});

afterAll(async () => {
  await stopWorker?.();
  await stopJobQueue({ graceful: false });
});

describe("the small-upload lane", () => {
  it(
    "answers a small upload sent while a big one is being written, before the big one",
    { timeout: 240_000 },
    async () => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "loopscope-lane-")), "big.jsonl");
      await writeSyntheticJsonlBundle(file, {
        trajectories: 6000,
        eventsPerTrajectory: 24,
        suiteName: uniqueId("lane-suite"),
      });
      const big = await receiveUpload(LOCAL_ACTOR, {
        fileName: "big.jsonl",
        chunks: readStoredUpload(file),
        done: Promise.resolve(),
        fields: new Map(),
      });
      expect(big.kind).toBe("queued");
      const bigId = big.kind === "queued" ? big.uploadId : "";
      await waitFor(
        async () => {
          const row = await readUploadRow(bigId);
          return row?.phase === "writing" && row.trajectories > 0;
        },
        { timeoutMs: 120_000, intervalMs: 20, what: "the big upload to be written" },
      );

      // Sent while the main lane (this process's one ingest slot before) is busy with the big one.
      const small = await receiveUpload(LOCAL_ACTOR, {
        fileName: "small.jsonl",
        chunks: chunksOf(toJsonl(makeBundle())),
        done: Promise.resolve(),
        fields: new Map(),
      });
      const smallId = small.kind === "queued" ? small.uploadId : "";
      const smallDone = await waitFor(
        async () => {
          const row = await readUploadRow(smallId);
          return row?.phase === "done" ? row : null;
        },
        { timeoutMs: 120_000, intervalMs: 20, what: "the small upload's answer" },
      );
      expect(smallDone.httpStatus).toBe(201);
      // Not queued behind it: the big one was still being written when the small one had its answer.
      expect((await readUploadRow(bigId))?.phase).not.toBe("done");

      const bigDone = await waitFor(
        async () => {
          const row = await readUploadRow(bigId);
          return row?.phase === "done" ? row : null;
        },
        { timeoutMs: 180_000, intervalMs: 250, what: "the big upload's answer" },
      );
      expect(bigDone.httpStatus).toBe(201);
    },
  );
});
