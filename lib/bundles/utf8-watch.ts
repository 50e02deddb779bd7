/**
 * Watches a text stream for bytes that are not UTF-8. The readers decode leniently (an invalid sequence becomes
 * U+FFFD, as browsers do), so the upload is still read; this only makes the replacement visible as a warning.
 */
export class Utf8Watch {
  private decoder = new TextDecoder("utf-8", { fatal: true });
  private offset = 0;
  private firstInvalidAt: number | undefined;
  private report: ((warning: string) => void) | undefined;

  /** Passes chunks through unchanged, checking them until the first invalid sequence. */
  async *watch(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of chunks) {
      if (this.firstInvalidAt === undefined) this.check(chunk);
      this.offset += chunk.length;
      yield chunk;
    }
    if (this.firstInvalidAt === undefined) this.check(new Uint8Array(0), true);
  }

  /** Where warnings go once the bundle is open (they may be found after it opened, while records stream). */
  reportTo(report: (warning: string) => void): void {
    this.report = report;
    if (this.firstInvalidAt !== undefined) report(this.message());
  }

  private check(chunk: Uint8Array, final = false): void {
    try {
      this.decoder.decode(chunk, { stream: !final });
    } catch {
      this.firstInvalidAt = this.offset;
      this.report?.(this.message());
    }
  }

  private message(): string {
    return `the upload is not valid UTF-8 (the first invalid bytes are in the block read from byte ${String(this.firstInvalidAt)} of the decompressed text); those bytes were stored as U+FFFD (the replacement character)`;
  }
}

/** The same check for one archive member held whole. */
export function invalidUtf8Warning(name: string, bytes: Uint8Array): string | undefined {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return undefined;
  } catch {
    return `${name} is not valid UTF-8; its invalid bytes were stored as U+FFFD (the replacement character)`;
  }
}
