import type { Chunks } from "./decode-body";

export interface FirstLine {
  /** 1-based line number of the first line that is not blank. */
  line: number;
  /** Its text when it ends within the bound (or the file ends); undefined for a longer line. */
  text: string | undefined;
  /** The stream from that line's first non-blank byte on. */
  rest: Chunks;
  /** False when the input holds nothing but whitespace. */
  found: boolean;
}

const isBlank = (byte: number): boolean => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * Finds the first non-blank line without buffering more than `maxBytes` of it: leading blank
 * lines are counted and dropped, and a line longer than the bound (a one-line document) is
 * handed on as a stream, never joined into one string.
 */
export async function readFirstLine(chunks: Chunks, maxBytes: number): Promise<FirstLine> {
  const iterator = chunks[Symbol.asyncIterator]();
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let line = 1;
  let text: string | undefined;
  let ended = false;
  for (;;) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    let chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    if (kept.length === 0) {
      let start = 0;
      // A UTF-8 byte order mark may open the file.
      if (line === 1 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) start = 3;
      while (start < chunk.length && isBlank(chunk[start] ?? 0)) {
        if (chunk[start] === 0x0a) line += 1;
        start += 1;
      }
      if (start === chunk.length) continue;
      chunk = chunk.subarray(start);
    }
    const newline = chunk.indexOf(0x0a);
    kept.push(chunk);
    keptBytes += chunk.length;
    if (newline !== -1 && keptBytes - chunk.length + newline <= maxBytes) {
      text = Buffer.concat(kept, keptBytes)
        .toString("utf8", 0, keptBytes - chunk.length + newline)
        .replace(/\r$/, "");
      break;
    }
    if (keptBytes > maxBytes) break;
  }
  if (ended && kept.length > 0 && keptBytes <= maxBytes)
    text = Buffer.concat(kept, keptBytes).toString("utf8").replace(/\r$/, "");
  async function* rest(): AsyncGenerator<Uint8Array> {
    yield* kept;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { line, text, rest: rest(), found: kept.length > 0 };
}
