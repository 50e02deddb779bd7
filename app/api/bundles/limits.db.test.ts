import { gzipSync } from "node:zlib";
import { zipSync } from "fflate";
import tar from "tar-stream";
import { afterEach, describe, expect, it } from "vitest";
import { makeBundle, toJsonl } from "@/lib/testing/factories";
import { tableCounts } from "@/lib/testing/table-counts";
import { makeTau2Document, streamOf, tau2Text } from "@/lib/testing/tau2-fixtures";
import { POST } from "./route";

const context = { params: Promise.resolve({}) };
const ENV_KEYS = ["LOOPSCOPE_MAX_DECOMPRESSED_BYTES", "LOOPSCOPE_MAX_ARCHIVE_ENTRIES", "LOOPSCOPE_MAX_READ_SECONDS"];

function post(body: BodyInit | Buffer, fileName: string, signal?: AbortSignal) {
  return POST(
    new Request("http://test/api/bundles", {
      method: "POST",
      body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
      headers: { "content-type": "application/octet-stream", "x-file-name": fileName },
      duplex: "half",
      signal,
    } as RequestInit),
    context,
  );
}

/** Posts a hostile body and checks the answer is quick, bounded in memory, and wrote nothing. */
async function refused(body: BodyInit | Buffer, fileName: string, status: number, maxSeconds = 20) {
  const before = await tableCounts();
  const rssBefore = process.memoryUsage().rss;
  const started = Date.now();
  const response = await post(body, fileName);
  const seconds = (Date.now() - started) / 1000;
  const answer = await response.json();
  expect(response.status, JSON.stringify(answer).slice(0, 500)).toBe(status);
  expect(seconds).toBeLessThan(maxSeconds);
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(400 * 1024 * 1024);
  expect(await tableCounts()).toEqual(before);
  return answer;
}

async function tarOf(entries: { name: string; text: string }[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name }, entry.text);
  pack.finalize();
  const parts: Buffer[] = [];
  for await (const part of pack) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

afterEach(() => {
  for (const key of ENV_KEYS) delete process.env[key];
});

describe("POST /api/bundles: hostile inputs are refused quickly, located, and write nothing", () => {
  it("a gzip that inflates past the decompressed limit answers 413 naming the limit", async () => {
    process.env.LOOPSCOPE_MAX_DECOMPRESSED_BYTES = String(1024 * 1024);
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, "\n"));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const answer = await refused(bomb, "bomb.json.gz", 413);
    expect(answer).toMatchObject({ limitBytes: 1024 * 1024 });
    expect(answer.error).toContain("LOOPSCOPE_MAX_DECOMPRESSED_BYTES");
  });

  it("8 MiB of empty JSON objects is one located syntax error, not millions of issues", async () => {
    const answer = await refused(gzipSync(Buffer.alloc(8 * 1024 * 1024, "{}\n")), "objects.json.gz", 422);
    expect(answer.issues).toEqual([{ path: "", line: 2, message: expect.stringContaining("(line 2, column 1)") }]);
  });

  it("JSONL with thousands of bad records keeps the first 100 issues, says how many more, stops at 10,000", async () => {
    const header = toJsonl(makeBundle()).split("\n")[0] ?? "";
    const body = `${header}\n${'{"type":"nothing"}\n'.repeat(20_000)}`;
    const answer = await refused(gzipSync(body), "many-issues.jsonl.gz", 422);
    expect(answer.issues).toHaveLength(101);
    expect(answer.issues[0]).toMatchObject({ path: "type", line: 2 });
    expect(answer.issues[100]).toEqual({
      path: "type",
      line: 10_001,
      message: "reading stopped after 10000 issues, at type (line 10001); the rest of the upload was not checked",
    });
    expect(answer.totalIssues).toBe(10_000);
    expect(answer.error).toContain("9899 more");
  });

  it("a gzip of 256 MiB of spaces on one line is read in linear time and refused as empty", async () => {
    const spaces = gzipSync(Buffer.alloc(256 * 1024 * 1024, " "));
    const answer = await refused(spaces, "spaces.json.gz", 422, 60);
    expect(answer.issues[0].message).toBe("the file contains only whitespace");
  });

  it("a zip member whose local header claims another size than its directory entry is refused at that member", async () => {
    const results = tau2Text(makeTau2Document(1, 1), "one-line");
    const zip = zipSync({
      "results.json": new TextEncoder().encode(results),
      "simulations/pad.json": new Uint8Array(8 * 1024 * 1024).fill(0x20),
    });
    // Local file headers: signature PK\x03\x04, uncompressed size at offset 22. Claim 100 bytes for the big member.
    const view = Buffer.from(zip);
    const at = view.indexOf("simulations/pad.json") - 30;
    expect(view.readUInt32LE(at)).toBe(0x04034b50);
    view.writeUInt32LE(100, at + 22);
    const answer = await refused(view, "lying.zip", 422);
    expect(answer.issues[0]).toMatchObject({ path: "simulations/pad.json" });
    expect(answer.issues[0].message).toMatch(/declares 100 bytes in its local header but \d+ in the central directory/);
  });

  it("a tar entry name longer than the limit (a PAX path of 2 MB) is refused", async () => {
    const archive = await tarOf([{ name: `${"d".repeat(2_000_000)}.json`, text: "{}" }]);
    const answer = await refused(gzipSync(archive), "long-name.tar.gz", 422);
    expect(answer.issues[0].message).toMatch(/entry name is longer than 4096 bytes/);
  });

  it("a tar with more entries than allowed is refused", async () => {
    process.env.LOOPSCOPE_MAX_ARCHIVE_ENTRIES = "10";
    const archive = await tarOf(
      Array.from({ length: 20 }, (_, index) => ({ name: `r/simulations/${index}.json`, text: "{}" })),
    );
    const answer = await refused(archive, "many.tar", 422);
    expect(answer.issues[0].message).toContain("more than 10 entries");
  });

  it("a tau2 simulation nested 100,000 levels deep is refused at its path without overflowing the stack", async () => {
    const document = makeTau2Document(2, 1);
    const text = tau2Text(document, "one-line").replace(
      '"reward_basis":["DB"]',
      `"deep":${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    );
    const answer = await refused(text, "deep.json", 422);
    expect(answer.issues).toEqual([
      {
        path: "simulations[0]",
        line: 1,
        message: expect.stringMatching(/^nested more than 200 levels deep \(line 1, column \d+\)$/),
      },
    ]);
  });

  it("an upload slower than the time limit is stopped with a located issue", async () => {
    process.env.LOOPSCOPE_MAX_READ_SECONDS = "1";
    const text = new TextEncoder().encode(tau2Text(makeTau2Document(20, 2), "indented"));
    let offset = 0;
    const trickle = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        if (offset >= text.length) return controller.close();
        controller.enqueue(text.subarray(offset, offset + 200));
        offset += 200;
      },
    });
    const answer = await refused(trickle, "slow.json", 422);
    expect(answer.issues[0].message).toContain("longer than 1 s");
  });

  it("stops reading when the client disconnects, and writes nothing", async () => {
    const before = await tableCounts();
    const controller = new AbortController();
    const text = new TextEncoder().encode(tau2Text(makeTau2Document(20, 5), "one-line"));
    let offset = 0;
    const endless = new ReadableStream<Uint8Array>({
      async pull(stream) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (offset >= text.length) return stream.close();
        stream.enqueue(text.subarray(offset, offset + 100));
        offset += 100;
      },
    });
    setTimeout(() => controller.abort(), 500);
    const started = Date.now();
    const response = await post(endless, "aborted.json", controller.signal).catch((error: unknown) => error);
    expect((Date.now() - started) / 1000).toBeLessThan(10);
    expect(offset).toBeLessThan(text.length);
    if (response instanceof Response) expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await tableCounts()).toEqual(before);
  });

  it("still stores a valid tau2 file (the limits leave real input alone)", async () => {
    const response = await post(streamOf(tau2Text(makeTau2Document(3, 2), "one-line")), "valid.json");
    expect(response.status).toBe(201);
  });
});
