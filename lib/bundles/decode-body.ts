import { createGunzip } from "node:zlib";
import { Readable } from "node:stream";
import { BundleInputError } from "./issues";

export type Chunks = AsyncIterable<Uint8Array>;

const GZIP_MAGIC = [0x1f, 0x8b];

/** Reads the first bytes without losing them: returns them and a stream of everything. */
export async function peek(chunks: Chunks, bytes: number): Promise<{ head: Buffer; all: Chunks }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const buffered: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.from(next.value);
    buffered.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(buffered).subarray(0, bytes);
  async function* all(): AsyncGenerator<Uint8Array> {
    yield* buffered;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, all: all() };
}

export function isGzip(head: Uint8Array): boolean {
  return head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
}

async function* gunzip(chunks: Chunks): AsyncGenerator<Uint8Array> {
  const stream = Readable.from(chunks).pipe(createGunzip());
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BundleInputError({ path: "", message: `the gzip data is truncated or corrupt (${reason})` });
  }
}

/** Decompresses gzip transparently; anything else passes through unchanged. */
export async function decodeBody(chunks: Chunks): Promise<{ compressed: boolean; chunks: Chunks }> {
  const { head, all } = await peek(chunks, 2);
  if (isGzip(head)) return { compressed: true, chunks: gunzip(all) };
  return { compressed: false, chunks: all };
}
