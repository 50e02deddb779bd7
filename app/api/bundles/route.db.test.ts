import { afterEach, describe, expect, it } from "vitest";
import { makeBundle } from "@/lib/testing/factories";
import { tableCounts } from "@/lib/testing/table-counts";
import { POST } from "./route";

const context = { params: Promise.resolve({}) };

function post(body: BodyInit, headers: Record<string, string>) {
  return POST(new Request("http://test/api/bundles", { method: "POST", body, headers, duplex: "half" } as RequestInit), context);
}

afterEach(() => {
  delete process.env.LOOPSCOPE_MAX_UPLOAD_BYTES;
});

describe("POST /api/bundles", () => {
  it("answers 201 with the stored runs, then 200 duplicate for the same bytes", async () => {
    const body = JSON.stringify(makeBundle());
    const first = await post(body, { "content-type": "application/json", "x-file-name": "a.json" });
    expect(first.status).toBe(201);
    const stored = await first.json();
    expect(stored).toMatchObject({ duplicate: false, format: "loopscope-json", counts: { tasks: 1, trajectories: 1, events: 6, turnPredictions: 1 } });
    const again = await post(body, { "content-type": "application/json" });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true, bundleId: stored.bundleId });
  });

  it("answers 413 naming the limit, from the declared length or while streaming, and stores nothing", async () => {
    process.env.LOOPSCOPE_MAX_UPLOAD_BYTES = "100";
    const before = await tableCounts();
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
  });

  it("answers 422 naming the supported formats for a file of the wrong kind", async () => {
    const response = await post(JSON.stringify({ rows: [1, 2, 3] }), { "content-type": "application/json" });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.issues[0].message).toContain("unrecognised file format: found a JSON object with keys rows");
    expect(body.issues[0].message).toContain("tau2-bench results JSON");
  });
});
