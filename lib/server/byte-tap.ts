import { createHash } from "node:crypto";

export class PayloadTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`the upload is larger than the limit of ${limitBytes} bytes (set LOOPSCOPE_MAX_UPLOAD_BYTES to change it)`);
    this.name = "PayloadTooLargeError";
  }
}

/**
 * Counts and hashes the raw bytes of an upload as they stream past, enforcing the size limit. Given the hash the bytes
 * are known to have (the upload store computed it as they arrived, or computes it while they arrive), it does not
 * compute it again.
 */
export class ByteTap {
  bytes = 0;
  done = false;
  private readonly hash = createHash("sha256");

  constructor(
    private readonly limitBytes: number,
    private readonly onBytes?: (bytes: number) => void,
    private readonly knownDigest?: string | Promise<string>,
  ) {}

  async *wrap(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of chunks) {
      this.bytes += chunk.length;
      if (this.bytes > this.limitBytes) throw new PayloadTooLargeError(this.limitBytes);
      if (this.knownDigest === undefined) this.hash.update(chunk);
      this.onBytes?.(this.bytes);
      yield chunk;
    }
    this.done = true;
  }

  async digest(): Promise<string> {
    return (await this.knownDigest) ?? this.hash.copy().digest("hex");
  }
}
