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
 * Follows a line byte by byte as far as JSON's outer structure goes (strings, escapes, brace and bracket depth):
 * enough to tell, as the bytes arrive, that the line cannot be one JSON object and so cannot be a JSONL header.
 */
class ObjectLineScan {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private started = false;
  private closed = false;
  /** Set once the line is known not to be one object: it does not open with `{`, or more follows its `}`. */
  notOneObject = false;

  /** Scans `bytes` (all on the first line); returns false as soon as the line cannot be one object. */
  scan(bytes: Uint8Array): boolean {
    for (let at = 0; at < bytes.length; at += 1) {
      const byte = bytes[at] ?? 0;
      if (!this.started) {
        this.started = true;
        if (byte !== 0x7b) return this.refuse();
        this.depth = 1;
        continue;
      }
      if (this.closed) {
        if (!isBlank(byte)) return this.refuse();
        continue;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c) this.escaped = true;
        else if (byte === 0x22) this.inString = false;
        continue;
      }
      if (byte === 0x22) this.inString = true;
      else if (byte === 0x7b || byte === 0x5b) this.depth += 1;
      else if (byte === 0x7d || byte === 0x5d) {
        this.depth -= 1;
        if (this.depth === 0) this.closed = true;
      }
    }
    return true;
  }

  private refuse(): false {
    this.notOneObject = true;
    return false;
  }
}

/**
 * Finds the first non-blank line without buffering more than `maxBytes` of it: leading blank
 * lines are counted and dropped, and a line longer than the bound (a one-line document) is
 * handed on as a stream, never joined into one string. A line that cannot be one JSON object
 * (it does not open with `{`, or something other than blanks follows the object's closing brace,
 * as in a gzip of `{}{}{}...`) is handed on as soon as that shows, with `text` undefined, so a
 * long line that is no header costs no buffering.
 */
export async function readFirstLine(chunks: Chunks, maxBytes: number): Promise<FirstLine> {
  const iterator = chunks[Symbol.asyncIterator]();
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let line = 1;
  let text: string | undefined;
  let ended = false;
  const scan = new ObjectLineScan();
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
    if (!scan.scan(newline === -1 ? chunk : chunk.subarray(0, newline))) break;
    if (newline !== -1 && keptBytes - chunk.length + newline <= maxBytes) {
      text = Buffer.concat(kept, keptBytes)
        .toString("utf8", 0, keptBytes - chunk.length + newline)
        .replace(/\r$/, "");
      break;
    }
    if (keptBytes > maxBytes) break;
  }
  if (ended && kept.length > 0 && keptBytes <= maxBytes && !scan.notOneObject)
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
