/** Bytes that can be read back at any offset: an upload kept whole so a zip can be read from its central directory. */
export interface RandomAccessBytes {
  readonly size: number;
  /** Reads up to `length` bytes at `offset` (fewer at the end). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/**
 * Keeps the bytes of one upload so they can be read by offset. The server passes one backed by a temporary
 * file, so a large archive costs disk, not memory; tests use the one in memory.
 */
export interface ByteSpill {
  append(chunk: Uint8Array): Promise<void>;
  /** Ends writing; the bytes can be read from then on until `dispose`. */
  finish(): Promise<RandomAccessBytes>;
  dispose(): Promise<void>;
}

export type ByteSpillFactory = () => ByteSpill;

export function memoryBytes(bytes: Uint8Array): RandomAccessBytes {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
  };
}

/** Keeps the bytes in memory: for tests and small inputs. */
export function createMemoryByteSpill(): ByteSpill {
  let parts: Uint8Array[] = [];
  return {
    append: async (chunk) => {
      parts.push(chunk);
    },
    finish: async () => memoryBytes(Buffer.concat(parts)),
    dispose: async () => {
      parts = [];
    },
  };
}
