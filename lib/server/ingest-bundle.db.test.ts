import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { chunksOf, makeBundle, makeTrajectory, makeTurnPrediction, toJsonl, uniqueId } from "@/lib/testing/factories";
import { tableCounts } from "@/lib/testing/table-counts";
import { ingestBundle } from "./ingest-bundle";

function ingest(content: string | Uint8Array, fileName = "bundle.json") {
  return ingestBundle({ chunks: chunksOf(content, 1024), fileName });
}

function bigBundle(trajectories: number) {
  return makeBundle({
    trajectories: Array.from({ length: trajectories }, (_, index) => makeTrajectory({ trial: index + 1 })),
  });
}

describe("ingestBundle", () => {
  it("stores every record of a JSON bundle with its scores", async () => {
    const result = await ingest(JSON.stringify(makeBundle()));
    expect(result).toMatchObject({
      kind: "stored",
      duplicate: false,
      format: "loopscope-json",
      counts: { tasks: 1, trajectories: 1, events: 6, turnPredictions: 1 },
    });
    if (result.kind !== "stored") return;
    const runId = result.runs[0]?.id ?? "";
    const trajectory = await db().trajectory.findFirstOrThrow({ where: { runId } });
    expect(trajectory).toMatchObject({
      stateMatch: true,
      replyCheck: true,
      success: true,
      userTurns: 1,
      toolCallCount: 2,
      eventCount: 6,
      finalReply: "Refunded 2500 cents.",
      finalReplyInferred: true,
    });
    const prediction = await db().turnPrediction.findFirstOrThrow({ where: { runId } });
    expect(prediction.rouge1F1).toBeGreaterThan(0);
    expect(await db().event.count({ where: { runId, trajectoryId: trajectory.id } })).toBe(6);
  });

  it("stores JSONL and gzip-compressed JSONL alike", async () => {
    const jsonl = await ingest(toJsonl(bigBundle(3)), "b.jsonl");
    expect(jsonl).toMatchObject({
      kind: "stored",
      format: "loopscope-jsonl",
      counts: { trajectories: 3, events: 18, turnPredictions: 1 },
    });
    const gz = await ingest(gzipSync(toJsonl(bigBundle(2))), "b.jsonl.gz");
    expect(gz).toMatchObject({ kind: "stored", format: "loopscope-jsonl", counts: { trajectories: 2, events: 12 } });
  });

  it("leaves the database unchanged when one record deep inside is bad", async () => {
    const bundle = bigBundle(2500);
    const bad = bundle.trajectories[2400];
    if (!bad) throw new Error("fixture too small");
    const rawEvents: Record<string, unknown>[] = bad.events;
    rawEvents[3] = { kind: "tool_teleport", text: "?" };
    const before = await tableCounts();
    const result = await ingest(toJsonl(bundle), "bad.jsonl");
    expect(result).toEqual({
      kind: "invalid",
      error: "the bundle was rejected: 1 problem found; nothing was stored",
      totalIssues: 1,
      issues: [
        { path: "events[3].kind", line: 2402, message: expect.stringContaining('unknown kind "tool_teleport"') },
      ],
    });
    expect(await tableCounts()).toEqual(before);
  });

  it("reports a repeated upload as a duplicate and writes nothing", async () => {
    const content = JSON.stringify(makeBundle());
    const first = await ingest(content);
    const before = await tableCounts();
    const second = await ingest(content);
    expect(second).toMatchObject({ kind: "stored", duplicate: true });
    if (first.kind !== "stored" || second.kind !== "stored") return;
    expect(second.bundleId).toBe(first.bundleId);
    expect(second.runs).toEqual(first.runs);
    expect(await tableCounts()).toEqual(before);
  });

  it("stores two concurrent uploads of the same JSONL bundle once", async () => {
    const content = toJsonl(bigBundle(50));
    const before = await tableCounts();
    const results = await Promise.all([ingest(content, "a.jsonl"), ingest(content, "a.jsonl")]);
    expect(results.map((r) => r.kind === "stored" && r.duplicate).sort()).toEqual([false, true]);
    const after = await tableCounts();
    expect(after.Bundle).toBe((before.Bundle ?? 0) + 1);
    expect(after.Trajectory).toBe((before.Trajectory ?? 0) + 50);
  });

  it("lands two different concurrent bundles that share a model and a suite", async () => {
    const suite = { name: uniqueId("shared-suite"), version: "1", tools: [] };
    const a = makeBundle({ suite, trajectories: [makeTrajectory({ trial: 1 })] });
    const b = makeBundle({
      suite,
      trajectories: [makeTrajectory({ trial: 2 })],
      turnPredictions: [makeTurnPrediction({ turn: 2 })],
    });
    const results = await Promise.all([ingest(toJsonl(a), "a.jsonl"), ingest(toJsonl(b), "b.jsonl")]);
    expect(results.map((r) => r.kind === "stored" && !r.duplicate)).toEqual([true, true]);
    const suites = await db().suite.findMany({ where: { name: suite.name } });
    expect(suites).toHaveLength(1);
  });

  it("stores text with NUL characters (which PostgreSQL cannot hold) as U+FFFD instead of failing", async () => {
    const bundle = makeBundle({
      trajectories: [
        makeTrajectory({
          finalReply: "Refunded\u0000 2500 cents.",
          events: [
            { kind: "user_message", text: "a\u0000b" },
            { kind: "tool_result", tool: "x", output: { note: "c\u0000d" } },
          ],
        }),
      ],
    });
    const result = await ingest(JSON.stringify(bundle));
    if (result.kind !== "stored") throw new Error(JSON.stringify(result));
    const events = await db().event.findMany({
      where: { runId: result.runs[0]?.id ?? "" },
      orderBy: { seq: "asc" },
    });
    expect(events[0]?.text).toBe("a\uFFFDb");
    expect(events[1]?.output).toEqual({ note: "c\uFFFDd" });
  });

  it("rejects a truncated gzip file with a readable issue", async () => {
    const gz = gzipSync(toJsonl(bigBundle(20)));
    const result = await ingest(gz.subarray(0, Math.floor(gz.length / 2)), "cut.jsonl.gz");
    expect(result).toMatchObject({
      kind: "invalid",
      issues: [{ path: "", message: expect.stringContaining("gzip data is truncated or corrupt") }],
    });
  });
});
