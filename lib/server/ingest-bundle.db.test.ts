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

  it("stores text with NUL characters (which PostgreSQL cannot hold) spelled as \\u0000, with a warning", async () => {
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
    expect(events[0]?.text).toBe("a\\u0000b");
    expect(events[1]?.output).toEqual({ note: "c\\u0000d" });
    expect(result.warnings).toEqual([expect.stringMatching(/^3 strings held U\+0000/)]);
  });

  it("stores invalid UTF-8 in JSONL as U+FFFD and says so in the result's warnings; a JSON document is refused at the byte", async () => {
    const bundle = makeBundle({
      trajectories: [makeTrajectory({ events: [{ kind: "user_message", text: "caf\u00e9 MARKER" }] })],
    });
    // "é" is C3 A9; a lone C3 followed by "x" is not UTF-8.
    const breakIt = (text: Buffer) => {
      const at = text.indexOf(Buffer.from("\u00e9"));
      return Buffer.concat([text.subarray(0, at), Buffer.from([0xc3, 0x78]), text.subarray(at + 2)]);
    };
    const jsonl = breakIt(Buffer.from(toJsonl(bundle)));
    for (const [bytes, name] of [
      [jsonl, "latin.jsonl"],
      [gzipSync(jsonl), "latin.jsonl.gz"],
    ] as const) {
      const result = await ingest(bytes, name);
      if (result.kind !== "stored") throw new Error(JSON.stringify(result));
      expect(result.warnings).toEqual([expect.stringMatching(/^the upload is not valid UTF-8 .*stored as U\+FFFD/)]);
      const event = await db().event.findFirstOrThrow({
        where: { trajectory: { runId: result.runs[0]?.id ?? "" }, text: { contains: "MARKER" } },
      });
      expect(event.text).toBe("caf\uFFFDx MARKER");
    }
    const json = await ingest(breakIt(Buffer.from(JSON.stringify(bundle))), "latin.json");
    expect(json).toMatchObject({
      kind: "invalid",
      issues: [{ line: 1, message: expect.stringMatching(/utf-8 \(line 1, column \d+\)/) }],
    });
    const clean = await ingest(toJsonl(makeBundle()), "clean.jsonl");
    expect(clean.kind === "stored" && clean.warnings).toEqual([]);
  });

  it("reports trajectories counted so far with the bytes read, not 0 until the end", async () => {
    const progress: { phase: string; trajectories: number }[] = [];
    const result = await ingestBundle({
      chunks: chunksOf(toJsonl(bigBundle(2500)), 4096),
      fileName: "progress.jsonl",
      onProgress: ({ phase, trajectories }) => progress.push({ phase, trajectories }),
    });
    expect(result).toMatchObject({ kind: "stored", counts: { trajectories: 2500 } });
    const reading = progress.filter((entry) => entry.phase === "reading");
    // After the first batch of 1,000 is written, byte progress carries the count instead of resetting it to 0.
    const firstCounted = reading.findIndex((entry) => entry.trajectories > 0);
    expect(firstCounted).toBeGreaterThan(0);
    expect(reading.slice(firstCounted).every((entry) => entry.trajectories > 0)).toBe(true);
    expect(Math.max(...reading.map((entry) => entry.trajectories))).toBeGreaterThanOrEqual(2000);
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
