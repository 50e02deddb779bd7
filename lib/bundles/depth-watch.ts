const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LEFT_BRACE = 0x7b;
const RIGHT_BRACE = 0x7d;
const LEFT_BRACKET = 0x5b;
const RIGHT_BRACKET = 0x5d;

/**
 * Counts the bracket nesting of JSON text as its bytes arrive (strings skipped), so a line is refused at the byte
 * that nests too deep instead of after it was held whole and handed to JSON.parse: a JSONL line of 5,000,000 `[`
 * took the server's heap before. Only depth is tracked (no stack), so it costs a counter whatever the input; syntax
 * is left to the parser.
 */
export class DepthWatch {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly maxDepth: number) {}

  /** Starts a new value (the next JSONL line). */
  reset(): void {
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
  }

  /** The index in `bytes` (from `from` to `to`) of the byte that nests deeper than allowed, or -1. */
  scan(bytes: Uint8Array, from = 0, to = bytes.length): number {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = from;
    // The next quote and backslash, found once each and kept until passed: a string of many escapes stays linear.
    let quote = -2;
    let backslash = -2;
    while (at < to) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          at += 1;
          continue;
        }
        if (quote !== -1 && quote < at) quote = buffer.indexOf(QUOTE, at);
        if (backslash !== -1 && backslash < at) backslash = buffer.indexOf(BACKSLASH, at);
        if (backslash !== -1 && backslash < to && (quote === -1 || backslash < quote)) {
          this.escaped = true;
          at = backslash + 1;
          continue;
        }
        if (quote === -1 || quote >= to) return -1;
        this.inString = false;
        at = quote + 1;
        continue;
      }
      const byte = buffer[at] ?? 0;
      if (byte === QUOTE) this.inString = true;
      else if (byte === LEFT_BRACE || byte === LEFT_BRACKET) {
        this.depth += 1;
        if (this.depth > this.maxDepth) return at;
      } else if ((byte === RIGHT_BRACE || byte === RIGHT_BRACKET) && this.depth > 0) this.depth -= 1;
      at += 1;
    }
    return -1;
  }
}
