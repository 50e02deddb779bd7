import { describe, expect, it } from "vitest";
import { uniqueId } from "@/lib/testing/factories";
import { makeInspectEvalLog } from "@/lib/testing/inspect-log";
import { POST } from "./route";

const context = { params: Promise.resolve({}) };

function upload(bytes: Uint8Array, fileName: string, scorer?: string) {
  const form = new FormData();
  // The scorer field goes first: the server streams the file and reads only the fields before it.
  if (scorer !== undefined) form.append("scorer", scorer);
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/octet-stream" }), fileName);
  return POST(new Request("http://test/api/bundles", { method: "POST", body: form }), context);
}

describe("POST /api/bundles with an Inspect .eval log", () => {
  it("stores it by content, and the same log read with another scorer is another bundle", async () => {
    const bytes = makeInspectEvalLog({ runId: uniqueId("route") });
    const name = `${uniqueId("route")}.eval`;
    const first = await upload(bytes, name);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      format: "inspect-eval",
      duplicate: false,
      counts: { tasks: 4, trajectories: 8 },
    });
    const judged = await upload(bytes, name, "judge");
    expect(judged.status).toBe(201);
    const again = await upload(bytes, name, "judge");
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true });
  });

  it("answers 422 naming the scorers for a scorer the log lacks", async () => {
    const response = await upload(makeInspectEvalLog({ runId: uniqueId("route") }), "x.eval", "f1");
    expect(response.status).toBe(422);
    expect((await response.json()).issues).toEqual([
      { path: "scorer", message: 'scorer "f1" is not in this log; it has: match, judge' },
    ]);
  });
});
