import { describe, expect, it } from "vitest";
import { readFirstLine } from "./first-line";
import type { Chunks } from "./decode-body";

const encoder = new TextEncoder();

/** Yields the given chunks and counts how many were pulled, so a test can see how far the reader went. */
function counted(parts: string[]): { chunks: Chunks; pulled: () => number } {
  let pulled = 0;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      pulled += 1;
      yield encoder.encode(part);
    }
  }
  return { chunks: chunks(), pulled: () => pulled };
}

async function text(chunks: Chunks): Promise<string> {
  const decoder = new TextDecoder();
  let all = "";
  for await (const chunk of chunks) all += decoder.decode(chunk, { stream: true });
  return all + decoder.decode();
}

describe("readFirstLine", () => {
  it("returns a JSONL header line whole, after blank lines, and hands on everything from it", async () => {
    const input = counted(["\n\n", '{"type":"header","a":"}{\\"x"', '}\n{"b":1}\n']);
    const first = await readFirstLine(input.chunks, 1024);
    expect(first).toMatchObject({ line: 3, text: '{"type":"header","a":"}{\\"x"}', found: true });
    expect(await text(first.rest)).toBe('{"type":"header","a":"}{\\"x"}\n{"b":1}\n');
  });

  it("keeps trailing blanks after the object on the line", async () => {
    const first = await readFirstLine(counted(['{"a":[1,{"b":2}]}  \r\n', "x"]).chunks, 1024);
    expect(first.text).toBe('{"a":[1,{"b":2}]}  ');
  });

  it("stops buffering as soon as more follows the first object on its line (a gzip of {}{}{}...)", async () => {
    const parts = Array.from({ length: 1000 }, () => "{}".repeat(512));
    const input = counted(parts);
    const first = await readFirstLine(input.chunks, 64 * 1024 * 1024);
    expect(first.text).toBeUndefined();
    expect(input.pulled()).toBe(1);
    expect((await text(first.rest)).length).toBe(1000 * 1024);
  });

  it("stops at once on a line that does not open with {, so it is never buffered", async () => {
    const input = counted(["[".repeat(1024), "[".repeat(1024), "]".repeat(2048)]);
    const first = await readFirstLine(input.chunks, 64 * 1024 * 1024);
    expect(first.text).toBeUndefined();
    expect(input.pulled()).toBe(1);
    expect(await text(first.rest)).toBe(`${"[".repeat(2048)}${"]".repeat(2048)}`);
  });

  it("gives no text for a whole one-line file that is not one object", async () => {
    expect((await readFirstLine(counted(['{"a":1}{"b":2}']).chunks, 1024)).text).toBeUndefined();
    expect((await readFirstLine(counted(['{"a":1}']).chunks, 1024)).text).toBe('{"a":1}');
  });

  it("hands on an object line longer than the bound without its text", async () => {
    const input = counted(['{"a":"', "x".repeat(100), '"}\n']);
    const first = await readFirstLine(input.chunks, 64);
    expect(first.text).toBeUndefined();
    expect(await text(first.rest)).toBe(`{"a":"${"x".repeat(100)}"}\n`);
  });

  it("stops at a top-level key only JSON documents have, so a one-line tau2 file is never buffered", async () => {
    const input = counted(['{"timestamp":"2025-06-01","info":{', '"tasks":[]},"simulations":[', "]}"]);
    const first = await readFirstLine(input.chunks, 64 * 1024 * 1024);
    expect(first.text).toBeUndefined();
    expect(input.pulled()).toBe(1);
    expect(await text(first.rest)).toBe('{"timestamp":"2025-06-01","info":{"tasks":[]},"simulations":[]}');
  });

  it("reads on past header keys, nested keys, string values and escaped keys that look like document keys", async () => {
    const line = '{"type":"header","suite":{"info":1},"tasks":["trajectories"],"\\u0069nfo":1,"schemaVersion":"1"}';
    const input = counted([line, "\n", '{"type":"trajectory"}\n']);
    const first = await readFirstLine(input.chunks, 1024);
    expect(first.text).toBe(line);
    expect(input.pulled()).toBe(2);
  });

  it("reports whitespace-only input as not found", async () => {
    expect((await readFirstLine(counted(["  \n\t\n"]).chunks, 1024)).found).toBe(false);
  });
});
