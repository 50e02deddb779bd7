import type { Chunks } from "./decode-body";
import { BundleInputError } from "./issues";
import { MAX_JSON_DEPTH } from "./json-depth";

/** The default bound on one record parsed whole (see `ReadLimits.maxRecordBytes`). */
export const MAX_RECORD_BYTES = 32 * 1024 * 1024;

/** Bounds on what one upload may cost, whatever its bytes claim. */
export interface ReadLimits {
  /** Bytes after gzip/zip decompression. */
  maxDecompressedBytes: number;
  maxArchiveEntries: number;
  maxArchiveEntryNameBytes: number;
  /** PAX and GNU LongLink headers are buffered whole, so they are bounded on their own. */
  maxArchiveHeaderBytes: number;
  /** Nesting of any JSON value, counted while parsing (records get their own located check). */
  maxJsonDepth: number;
  /** Wall-clock budget for reading one upload, in milliseconds. */
  maxReadMs: number;
  /**
   * Bytes of one record parsed whole: a JSONL line, one item or top-level field of a JSON document, one archive
   * member. Bounds what a single value costs the heap (the server runs with a capped heap, LOOPSCOPE_HEAP_MB).
   */
  maxRecordBytes: number;
}

export const DEFAULT_READ_LIMITS: ReadLimits = {
  maxDecompressedBytes: 8 * 1024 ** 3,
  maxArchiveEntries: 100_000,
  maxArchiveEntryNameBytes: 4096,
  maxArchiveHeaderBytes: 1024 * 1024,
  // Records sit two levels below the document root and are checked with a path at MAX_JSON_DEPTH.
  maxJsonDepth: MAX_JSON_DEPTH + 2,
  maxReadMs: 30 * 60 * 1000,
  maxRecordBytes: MAX_RECORD_BYTES,
};

export class DecompressedTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the upload decompresses to more than ${limit} bytes (LOOPSCOPE_MAX_DECOMPRESSED_BYTES)`);
    this.name = "DecompressedTooLargeError";
  }
}

export class ReadAbortedError extends Error {
  constructor() {
    super("the upload was aborted by the client");
    this.name = "ReadAbortedError";
  }
}

/** Checks time, cancellation and decompressed size as bytes pass, so no input can run unbounded. */
export class ReadGuard {
  private readonly deadline: number;
  decompressedBytes = 0;

  constructor(
    readonly limits: ReadLimits,
    private readonly signal?: AbortSignal,
  ) {
    this.deadline = Date.now() + limits.maxReadMs;
  }

  check(): void {
    if (this.signal?.aborted) throw new ReadAbortedError();
    if (Date.now() > this.deadline) {
      throw new BundleInputError({
        path: "",
        message: `reading the upload took longer than ${Math.round(this.limits.maxReadMs / 1000)} s, the limit per upload (LOOPSCOPE_MAX_READ_SECONDS); nothing was stored`,
      });
    }
  }

  count(bytes: number): void {
    this.decompressedBytes += bytes;
    if (this.decompressedBytes > this.limits.maxDecompressedBytes)
      throw new DecompressedTooLargeError(this.limits.maxDecompressedBytes);
    this.check();
  }

  async *wrap(chunks: Chunks): AsyncGenerator<Uint8Array> {
    for await (const chunk of chunks) {
      this.count(chunk.length);
      yield chunk;
    }
  }
}
