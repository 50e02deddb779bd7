import type { Chunks } from "./decode-body";
import { STREAMED_ARRAYS } from "./streamed-item-scanner";
import { TAU2_HEADER_KEYS } from "./importers/tau2-importer";
import { JsonlHeaderSchema } from "./schema/bundle";

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
 * Top-level keys of the JSON documents we read (tau2's results, our bundle document, Inspect's .json log) that a
 * JSONL header line never has. A one-line tau2 file opens with `{"timestamp":...`: seen, it is known to be a
 * document at once, instead of after its whole (bounded) first line was buffered and scanned.
 */
const DOCUMENT_ONLY_KEYS = new Set(
  [...TAU2_HEADER_KEYS, ...STREAMED_ARRAYS, "eval", "samples"].filter((key) => !(key in JsonlHeaderSchema.shape)),
);
/** Longer keys are none of those: not collected. */
const MAX_KEY_BYTES = 32;

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
  /** At the object's own level, the next string is a key (after `{` or `,`). */
  private expectKey = false;
  /** The top-level key being read, while it is short and has no escapes; null otherwise. */
  private key: number[] | null = null;
  /** Set once the line is known not to be a JSONL header: it does not open with `{`, more follows its `}`, or it has
   * a key only documents have. */
  notAHeader = false;

  /** Scans `bytes` (all on the first line); returns false as soon as the line cannot be one object. */
  scan(bytes: Uint8Array): boolean {
    for (let at = 0; at < bytes.length; at += 1) {
      const byte = bytes[at] ?? 0;
      if (!this.started) {
        this.started = true;
        if (byte !== 0x7b) return this.refuse();
        this.depth = 1;
        this.expectKey = true;
        continue;
      }
      if (this.closed) {
        if (!isBlank(byte)) return this.refuse();
        continue;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c) {
          this.escaped = true;
          this.key = null;
        } else if (byte === 0x22) {
          this.inString = false;
          if (this.key && DOCUMENT_ONLY_KEYS.has(String.fromCharCode(...this.key))) return this.refuse();
          this.key = null;
        } else if (this.key) {
          if (this.key.length < MAX_KEY_BYTES) this.key.push(byte);
          else this.key = null;
        }
        continue;
      }
      if (byte === 0x22) {
        this.inString = true;
        if (this.expectKey) this.key = [];
        this.expectKey = false;
      } else if (byte === 0x7b || byte === 0x5b) this.depth += 1;
      else if (byte === 0x7d || byte === 0x5d) {
        this.depth -= 1;
        if (this.depth === 0) this.closed = true;
      } else if (byte === 0x2c && this.depth === 1) this.expectKey = true;
    }
    return true;
  }

  private refuse(): false {
    this.notAHeader = true;
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
  if (ended && kept.length > 0 && keptBytes <= maxBytes && !scan.notAHeader)
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
