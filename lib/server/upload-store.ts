import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PayloadTooLargeError } from "./byte-tap";
import { serverConfig } from "./config";

export interface StoredUpload {
  storagePath: string;
  sizeBytes: number;
  contentHash: string;
}

/** Where raw uploads are kept; relative paths resolve against the server's working directory. */
export function uploadDirectory(): string {
  return path.resolve(serverConfig().LOOPSCOPE_UPLOAD_DIR);
}

/**
 * Streams an upload to raw storage exactly as it arrived (gzip and archives stay compressed),
 * hashing and counting on the way; over the size limit the partial file is removed.
 */
export async function storeUpload(
  uploadId: string,
  chunks: AsyncIterable<Uint8Array>,
  signal?: AbortSignal,
): Promise<StoredUpload> {
  const limit = serverConfig().LOOPSCOPE_MAX_UPLOAD_BYTES;
  const directory = uploadDirectory();
  await mkdir(directory, { recursive: true });
  const storagePath = path.join(directory, `${uploadId}.upload`);
  const hash = createHash("sha256");
  let sizeBytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      if (sizeBytes > limit) return callback(new PayloadTooLargeError(limit));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.from(chunks), meter, createWriteStream(storagePath), signal ? { signal } : {});
  } catch (error) {
    await rm(storagePath, { force: true });
    throw error;
  }
  return { storagePath, sizeBytes, contentHash: hash.digest("hex") };
}

export function readStoredUpload(storagePath: string): AsyncIterable<Uint8Array> {
  return createReadStream(storagePath, { highWaterMark: 256 * 1024 });
}

export async function removeStoredUpload(storagePath: string): Promise<void> {
  await rm(storagePath, { force: true });
}
