import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { finishUpload, insertUpload, recordUploadError } from "@/lib/db/uploads";
import { chunksOf, makeBundle, makeEvents, makeTrajectory } from "@/lib/testing/factories";
import { ingestBundle } from "./ingest-bundle";

describe("text PostgreSQL cannot store", () => {
  it("is stored spelled out as its JSON escape, with a warning naming where", async () => {
    const events = makeEvents();
    events[0] = { kind: "user_message", text: "nul \u0000 here" };
    events[2] = { kind: "tool_result", tool: "lookup", callId: "c1", output: { "st\u0000": "half \ud800" } };
    const bundle = makeBundle({ trajectories: [makeTrajectory({ events })] });
    // JSON.stringify writes both as escapes (\u0000, \ud800), as the files that carry them do.
    const result = await ingestBundle({ chunks: chunksOf(JSON.stringify(bundle), 512), fileName: "nul.json" });
    expect(result).toMatchObject({ kind: "stored" });
    if (result.kind !== "stored") return;
    expect(result.warnings).toEqual([
      expect.stringMatching(
        /^3 strings held U\+0000 or a lone surrogate.* first at trajectories\[0\]\.events\[0\]\.text$/,
      ),
    ]);
    const stored = await db().event.findMany({
      where: { runId: result.runs[0]?.id ?? "" },
      orderBy: { seq: "asc" },
      select: { text: true, output: true },
    });
    expect(stored[0]?.text).toBe("nul \\u0000 here");
    expect(stored[2]?.output).toEqual({ "st\\u0000": "half \\ud800" });
  });

  it("in an upload's own error or answer is stored too", async () => {
    const id = randomUUID();
    await insertUpload({
      id,
      fileName: "x.json",
      storagePath: "/nowhere",
      sizeBytes: 1,
      contentHash: "0".repeat(64),
      actorId: null,
      actorName: "test",
      options: {},
    });
    await recordUploadError({ id, error: "failed at \ud800 and \u0000" });
    expect((await db().upload.findUniqueOrThrow({ where: { id } })).lastError).toBe("failed at \\ud800 and \\u0000");
    await finishUpload({
      id,
      httpStatus: 422,
      result: { error: 'unknown run "\ud800"', issues: [{ path: "\u0000" }] },
    });
    const row = await db().upload.findUniqueOrThrow({ where: { id } });
    expect(row.result).toEqual({ error: 'unknown run "\\ud800"', issues: [{ path: "\\u0000" }] });
  });
});
