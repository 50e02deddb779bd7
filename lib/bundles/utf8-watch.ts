import { isUtf8 } from "node:buffer";

/**
 * Watches a text stream for bytes that are not UTF-8. The readers decode leniently (an invalid sequence becomes
 * U+FFFD, as browsers do), so the upload is still read; this only makes the replacement visible as a warning.
 */
export class Utf8Watch {
  private offset = 0;
  private firstInvalidAt: number | undefined;
  private report: ((warning: string) => void) | undefined;

  /**
   * Passes the bytes through unchanged (in chunks that end on whole sequences), checking them without decoding
   * until the first invalid sequence: no string per chunk, which a large upload would turn into garbage.
   */
  async *watch(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const data of onWholeSequences(chunks)) {
      if (this.firstInvalidAt === undefined && !isUtf8(data)) {
        this.firstInvalidAt = this.offset;
        this.report?.(this.message());
      }
      this.offset += data.length;
      yield data;
    }
  }

  /** Where warnings go once the bundle is open (they may be found after it opened, while records stream). */
  reportTo(report: (warning: string) => void): void {
    this.report = report;
    if (this.firstInvalidAt !== undefined) report(this.message());
  }

  private message(): string {
    return `the upload is not valid UTF-8 (the first invalid bytes are in the block read from byte ${String(this.firstInvalidAt)} of the decompressed text); those bytes were stored as U+FFFD (the replacement character)`;
  }
}

/** The same check for one archive member held whole. */
export function invalidUtf8Warning(name: string, bytes: Uint8Array): string | undefined {
  return isUtf8(bytes) ? undefined : memberWarning(name);
}

/** The warning for an archive member that is not valid UTF-8. */
export function memberWarning(name: string): string {
  return `${name} is not valid UTF-8; its invalid bytes were stored as U+FFFD (the replacement character)`;
}

/** How many bytes of `data` end on a whole UTF-8 sequence. */
function wholeSequencesLength(data: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, data.length); back += 1) {
    const byte = data[data.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: its lead is further back
    if (byte >= 0xf8) return data.length; // never part of UTF-8: invalid now, nothing to wait for
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? data.length - back : data.length;
  }
  return data.length;
}

/**
 * Passes UTF-8 chunks through unchanged while they are valid (checked without decoding); from the first invalid
 * sequence on, chunks are decoded leniently and encoded again, so invalid bytes become U+FFFD (as `JSON.parse` of
 * leniently decoded text sees them), and `report` is told once. For a streaming parser that refuses such bytes.
 */
export async function* repairUtf8(chunks: AsyncIterable<Uint8Array>, report: () => void): AsyncGenerator<Uint8Array> {
  const decoder = new TextDecoder("utf-8");
  const encoder = new TextEncoder();
  let repairing = false;
  const pass = (data: Uint8Array): Uint8Array => {
    if (!repairing && isUtf8(data)) return data;
    if (!repairing) report();
    repairing = true;
    return encoder.encode(decoder.decode(data));
  };
  for await (const data of onWholeSequences(chunks)) yield pass(data);
}

/**
 * The same bytes in chunks that each end on a whole UTF-8 sequence: a sequence cut by a chunk's end moves to the
 * next chunk, so each chunk can be checked on its own; one still cut at the end comes last (and is invalid).
 */
async function* onWholeSequences(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let carry: Uint8Array = new Uint8Array(0);
  for await (const chunk of chunks) {
    const data = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
    const whole = wholeSequencesLength(data);
    carry = data.slice(whole);
    if (whole > 0) yield data.subarray(0, whole);
  }
  if (carry.length > 0) yield carry;
}
