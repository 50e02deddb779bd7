import { createReadStream, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { strToU8 } from "fflate";
import { db } from "@/lib/db/client";
import { uniqueId } from "@/lib/testing/factories";
import {
  INSPECT_FIXTURE_FIGURES,
  makeInspectEvalLog,
  makeInspectHeader,
  makeInspectJsonLog,
  writeLargeInspectEval,
} from "@/lib/testing/inspect-log";
import { REAL_DATA_DIR, REAL_DATA_SKIP_REASON, realDataFile } from "@/lib/testing/real-data";
import { tableCounts } from "@/lib/testing/table-counts";
import { IssueCollector } from "@/lib/bundles/issues";
import { openBundle } from "@/lib/bundles/read-bundle";
import { ingestBundle } from "./ingest-bundle";
import { createTempFileSpill } from "./temp-file-spill";
import { createTempFileByteSpill } from "./temp-file-bytes";
import { computeRunMetricsResponse } from "./get-run-metrics";

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

async function ingest(bytes: Uint8Array, fileName: string, scorer?: string) {
  return ingestBundle({ chunks: once(bytes), fileName, ...(scorer === undefined ? {} : { scorer }) });
}

async function storedRun(bytes: Uint8Array, fileName: string, scorer?: string) {
  const result = await ingest(bytes, fileName, scorer);
  if (result.kind !== "stored") throw new Error(JSON.stringify(result).slice(0, 2000));
  const runId = result.runs[0]?.id ?? "";
  return { result, runId, metrics: await computeRunMetricsResponse(runId) };
}

describe("ingesting Inspect logs", () => {
  it("stores the .eval fixture: success rate = the accuracy Inspect stored, pass^k from epochs, errored samples left out", async () => {
    const { result, runId, metrics } = await storedRun(
      makeInspectEvalLog({ runId: uniqueId("r") }),
      `${uniqueId("fixture")}.eval`,
    );
    expect(result).toMatchObject({ format: "inspect-eval", counts: { tasks: 4, trajectories: 8 } });
    expect(metrics.successRate).toMatchObject({ value: INSPECT_FIXTURE_FIGURES.matchAccuracy, n: 6, successes: 3 });
    expect(metrics.meanReward).toBe(0.5);
    expect(metrics.passHatK[1]).toBeCloseTo(0.5, 12);
    expect(metrics.passHatK[2]).toBeCloseTo(1 / 3, 12);
    expect(metrics.passHatK[3] ?? null).toBeNull();
    expect(metrics.excluded).toEqual({ infrastructure: 2, unknownOutcome: 0 });
    expect(metrics.stopReasons).toEqual({ completed: 5, message_limit: 1, infrastructure_error: 2 });
    const run = await db().run.findUniqueOrThrow({ where: { id: runId }, select: { metadata: true } });
    expect(run.metadata).toMatchObject({ primaryScorer: "match", inspectAccuracy: 0.5 });
    const errors = await db().trajectory.aggregate({
      where: { runId },
      _sum: { toolErrorCount: true, toolCallCount: true },
    });
    expect(errors._sum).toEqual({ toolErrorCount: 1, toolCallCount: 2 });
  });

  it("uses the scorer asked for at upload, in the .json encoding too", async () => {
    const text = makeInspectJsonLog({ runId: uniqueId("r") });
    const { result, metrics } = await storedRun(strToU8(text), `${uniqueId("judge")}.json`, "judge");
    expect(result.format).toBe("inspect-json");
    expect(metrics.meanReward).toBe(INSPECT_FIXTURE_FIGURES.judgeAccuracy);
    expect(metrics.successRate.value).toBeCloseTo(2 / 6, 12);
  });

  it.each([
    ["a zip without header.json", { "header.json": null }, "header.json", /has no header\.json/],
    [
      "a sample member that is not JSON",
      { "samples/a_epoch_2.json": "not json at all" },
      "samples/a_epoch_2.json",
      /is not valid JSON/,
    ],
    [
      "an unknown log version",
      { "header.json": JSON.stringify({ ...makeInspectHeader(), version: 7 }) },
      "header.json:version",
      /unknown Inspect log version 7/,
    ],
  ] as const)("refuses %s with a located issue and writes nothing", async (_name, overrides, path, message) => {
    const before = await tableCounts();
    const result = await ingest(
      makeInspectEvalLog({ runId: uniqueId("bad") }, { ...overrides }),
      `${uniqueId("bad")}.eval`,
    );
    expect(result.kind).toBe("invalid");
    if (result.kind !== "invalid") return;
    expect(result.issues[0]?.path).toBe(path);
    expect(result.issues[0]?.message).toMatch(message);
    expect(await tableCounts()).toEqual(before);
  });
});

// Inspect's stored accuracy, where the log stored one for its primary scorer and scored its samples.
const REAL_FILES: Array<{ file: string; samples: number; successRate: number | null }> = [
  { file: "log_message_deduplication.eval", samples: 1, successRate: 0 },
  { file: "log_read_sample.eval", samples: 1, successRate: 1 },
  { file: "2025-02-11T15-17-00-05-00_popularity_dPiJifoWeEQBrfWsAopzWr.eval", samples: 10, successRate: null },
  { file: "log_tool_call_error.json", samples: 1, successRate: null },
];

describe.skipIf(!REAL_DATA_DIR)(
  REAL_DATA_DIR
    ? "real Inspect logs through ingest"
    : `real Inspect logs through ingest: skipped, ${REAL_DATA_SKIP_REASON}`,
  () => {
    it.each(REAL_FILES)(
      "$file stores with Inspect's accuracy as the success rate (n/a when unscored)",
      async (expected) => {
        const result = await ingest(readFileSync(realDataFile("inspect", expected.file)), expected.file);
        expect(["stored"]).toContain(result.kind);
        if (result.kind !== "stored") return;
        // A re-run finds the same bytes already stored; the run is the same either way.
        const runId = result.runs[0]?.id ?? "";
        const metrics = await computeRunMetricsResponse(runId);
        expect(metrics.trajectories).toBe(expected.samples);
        expect(metrics.successRate.value).toBe(expected.successRate);
        const run = await db().run.findUniqueOrThrow({ where: { id: runId }, select: { metadata: true } });
        const accuracy = (run.metadata as { inspectAccuracy?: number }).inspectAccuracy;
        if (expected.successRate !== null) expect(accuracy).toBe(expected.successRate);
      },
    );
  },
);

describe("a large Inspect .eval log", () => {
  it("is read one member at a time: 2,000 samples in a 64 MB file cost far less memory than the file, then stored", async () => {
    const folder = await mkdtemp(join(tmpdir(), "loopscope-large-eval-"));
    try {
      const path = join(folder, "large.eval");
      const fileBytes = await writeLargeInspectEval(path, 2000, 24 * 1024);
      expect(fileBytes).toBeGreaterThan(64 * 1024 * 1024);
      // Buffers (arrayBuffers) are where a file held whole would show: sampled while the reader runs as ingest
      // runs it (temporary file), without the database writes, whose batches are buffers of their own.
      const baseline = process.memoryUsage().arrayBuffers;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().arrayBuffers);
      }, 5);
      const issues = new IssueCollector();
      let trajectories = 0;
      try {
        const opened = await openBundle(createReadStream(path, { highWaterMark: 1024 * 1024 }), issues, {
          fileName: "large.eval",
          createSpill: createTempFileSpill,
          createByteSpill: createTempFileByteSpill,
        });
        for await (const record of opened?.records ?? []) if (record.kind === "trajectory") trajectories += 1;
      } finally {
        clearInterval(sampler);
      }
      expect(issues.issues).toEqual([]);
      expect(trajectories).toBe(2000);
      // Loose bound (garbage not yet collected counts too): the old reader held the whole file and, while
      // joining its chunks, a second copy, twice the file; measured here about 37 MB for a 67 MB file.
      expect(peak - baseline).toBeLessThan(fileBytes * 0.75);

      const started = Date.now();
      const result = await ingestBundle({
        chunks: createReadStream(path, { highWaterMark: 1024 * 1024 }),
        fileName: "large.eval",
      });
      expect(result).toMatchObject({ kind: "stored", format: "inspect-eval", counts: { trajectories: 2000 } });
      expect(Date.now() - started).toBeLessThan(240_000);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 300_000);
});
