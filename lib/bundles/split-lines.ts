import type { Chunks } from "./decode-body";
import { BundleInputError } from "./issues";
import { DepthWatch } from "./depth-watch";

export interface NumberedLine {
  line: number;
  text: string;
}

export const MAX_LINE_BYTES = 256 * 1024 * 1024;

const NEWLINE = 0x0a;

function decodeLine(bytes: Buffer): string {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length;
  return bytes.toString("utf8", 0, end);
}

/**
 * Splits a byte stream into lines without holding more than one line in memory. Each byte
 * is scanned once and a long line's pieces are joined once, when its newline arrives:
 * re-scanning the growing line on every chunk made one-line files quadratic.
 */
export async function* splitLines(
  chunks: Chunks,
  maxLineLength = MAX_LINE_BYTES,
  linesBefore = 0,
  /** Deepest nesting a line may have; a deeper line is refused at the byte, before it is held whole. */
  maxDepth?: number,
): AsyncGenerator<NumberedLine> {
  const depth = maxDepth === undefined ? undefined : new DepthWatch(maxDepth);
  const tooDeep = (line: number) =>
    new BundleInputError({
      path: `line ${line}`,
      line,
      message: `line ${line} is nested more than ${maxDepth} levels deep`,
    });
  let pieces: Buffer[] = [];
  let pendingBytes = 0;
  let line = linesBefore;
  for await (const chunk of chunks) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    let newline = bytes.indexOf(NEWLINE, start);
    while (newline !== -1) {
      line += 1;
      if (depth && depth.scan(bytes, start, newline) !== -1) throw tooDeep(line);
      depth?.reset();
      const tail = bytes.subarray(start, newline);
      const whole = pieces.length === 0 ? tail : Buffer.concat([...pieces, tail], pendingBytes + tail.length);
      pieces = [];
      pendingBytes = 0;
      yield { line, text: decodeLine(whole) };
      start = newline + 1;
      newline = bytes.indexOf(NEWLINE, start);
    }
    if (start < bytes.length) {
      if (depth && depth.scan(bytes, start) !== -1) throw tooDeep(line + 1);
      pieces.push(bytes.subarray(start));
      pendingBytes += bytes.length - start;
    }
    if (pendingBytes > maxLineLength) {
      throw new BundleInputError({ path: "", line: line + 1, message: `line is longer than ${maxLineLength} bytes` });
    }
  }
  if (pendingBytes > 0) yield { line: line + 1, text: decodeLine(Buffer.concat(pieces, pendingBytes)) };
}
