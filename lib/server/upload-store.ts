import { createHash } from "node:crypto";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { PassThrough, Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { PayloadTooLargeError } from "./byte-tap";
import type { ReceivingFile } from "./follow-file";
import { serverConfig, type ServerConfig } from "./config";
import { checkS3Bucket, isS3Location, putFileToS3, readS3Object, removeS3Object } from "./upload-store-s3";

export interface StoredUpload {
  /** A local path, or s3://bucket/key when LOOPSCOPE_S3_BUCKET is set; ".gz" when the store compressed it. */
  storagePath: string;
  /** Bytes as uploaded (before the store's compression). */
  sizeBytes: number;
  /** sha256 of the bytes as uploaded. */
  contentHash: string;
  /** Bytes kept in the store. */
  storedBytes: number;
}

/** Suffix of files the store gzipped itself: reading them gives the uploaded bytes back. */
const COMPRESSED_SUFFIX = ".upload.gz";
/** Suffix of an uploaded file kept as it came until compressKeptUpload gzips it. */
const RAW_SUFFIX = ".upload.raw";

/** Where raw uploads are kept (or staged on their way to S3); relative paths resolve against the working directory. */
export function uploadDirectory(): string {
  return path.resolve(serverConfig().LOOPSCOPE_UPLOAD_DIR);
}

/** gzip, zip (and Inspect .eval), bzip2, xz and zstd are already compressed: gzipping them again gains nothing. */
export function isCompressed(head: Uint8Array): boolean {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  return (
    starts(0x1f, 0x8b) ||
    starts(0x50, 0x4b, 0x03, 0x04) ||
    starts(0x42, 0x5a, 0x68) ||
    starts(0xfd, 0x37, 0x7a, 0x58, 0x5a) ||
    starts(0x28, 0xb5, 0x2f, 0xfd)
  );
}

/** The first chunk decides compression; the rest streams behind it. */
async function peek(chunks: AsyncIterable<Uint8Array>): Promise<{ head: Uint8Array; all: AsyncIterable<Uint8Array> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? new Uint8Array() : first.value;
  async function* all(): AsyncGenerator<Uint8Array> {
    if (!first.done) yield first.value;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, all: all() };
}

/**
 * Streams an upload to raw storage, gzipped unless it already is compressed, hashing and counting the
 * uploaded bytes on the way; over the size limit the partial file is removed. With LOOPSCOPE_S3_BUCKET the
 * finished file is put to the bucket and the local copy removed.
 */
export async function storeUpload(
  uploadId: string,
  chunks: AsyncIterable<Uint8Array>,
  signal?: AbortSignal,
  watch?: (file: ReceivingFile) => void,
): Promise<StoredUpload> {
  const config = serverConfig();
  const limit = config.LOOPSCOPE_MAX_UPLOAD_BYTES;
  const directory = uploadDirectory();
  await mkdir(directory, { recursive: true });
  const { head, all } = await peek(chunks);
  // A watched upload is read while it arrives: kept as it came (RAW_SUFFIX) and compressed after its answer
  // (compressKeptUpload), so gzip neither slows its arrival nor sits between it and its reader.
  const already = isCompressed(head);
  const later = watch !== undefined && !already;
  const compress = watch === undefined && !already;
  const name = `${uploadId}${compress ? COMPRESSED_SUFFIX : later ? RAW_SUFFIX : ".upload"}`;
  const localPath = path.join(directory, name);
  const hash = createHash("sha256");
  let sizeBytes = 0;
  // Level 1: gzip sits on the upload's path, and on a real tau2 file level 6 (zlib's default) runs at 86 MB/s, no
  // faster than a local upload arrives; level 1 runs at 111 MB/s for 1.6x the stored bytes (still 6x smaller).
  const packer = compress ? createGzip({ level: 1 }) : new PassThrough();
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      if (sizeBytes > limit) return callback(new PayloadTooLargeError(limit));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const file = createWriteStream(localPath);
  let settle: { resolve: (digest: string) => void; reject: (error: unknown) => void } = {
    resolve: () => {},
    reject: () => {},
  };
  const ended = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  // A watcher that stopped following (its ingest failed) must not turn a refused upload into an unhandled rejection.
  ended.catch(() => undefined);
  watch?.({ path: localPath, written: () => file.bytesWritten, ended });
  try {
    await pipeline(Readable.from(all), meter, packer, file, signal ? { signal } : {});
    settle.resolve(hash.digest("hex"));
  } catch (error) {
    settle.reject(error);
    // The file is opened asynchronously: refused at its first bytes, the upload can fail before the open is done,
    // and a file removed then would be created just after. Once the stream has closed, the file is there to remove.
    if (!file.closed) await new Promise<void>((resolve) => file.once("close", () => resolve()));
    await rm(localPath, { force: true });
    throw error;
  }
  const storedBytes = (await stat(localPath)).size;
  const contentHash = await ended;
  const bucket = config.LOOPSCOPE_S3_BUCKET;
  if (!bucket) return { storagePath: localPath, sizeBytes, contentHash, storedBytes };
  try {
    const location = await putFileToS3(
      { ...config, LOOPSCOPE_S3_BUCKET: bucket },
      { path: localPath, name, sizeBytes: storedBytes },
    );
    return { storagePath: location, sizeBytes, contentHash, storedBytes };
  } finally {
    await rm(localPath, { force: true });
  }
}

function rawBytes(location: string, config: ServerConfig): AsyncIterable<Uint8Array> {
  return isS3Location(location) ? readS3Object(config, location) : localBytes(location);
}

/** Opened when first read: a stream opened eagerly and never read (an upload answered as a duplicate before its
 * bytes are read) emitted its error (a file gone) with no listener, and that ended the process. */
async function* localBytes(location: string): AsyncIterable<Uint8Array> {
  yield* createReadStream(location, { highWaterMark: 256 * 1024 });
}

/** The upload's bytes exactly as they were uploaded, wherever and however they are kept. */
export function readStoredUpload(location: string): AsyncIterable<Uint8Array> {
  const stored = rawBytes(location, serverConfig());
  return location.endsWith(COMPRESSED_SUFFIX) ? gunzipped(stored) : stored;
}

/**
 * Gzips an upload kept as it came while it was ingested (RAW_SUFFIX) and returns its new location, or null when
 * there is nothing to do (already compressed, or removed because the upload was refused). The compressed file is
 * complete under its final name before the caller records it; the raw one is removed after that.
 */
export async function compressKeptUpload(location: string): Promise<string | null> {
  if (!location.endsWith(RAW_SUFFIX)) return null;
  const target = location.slice(0, -RAW_SUFFIX.length) + COMPRESSED_SUFFIX;
  const partial = `${target}.partial`;
  try {
    await pipeline(createReadStream(location), createGzip({ level: 1 }), createWriteStream(partial));
  } catch (error) {
    await rm(partial, { force: true });
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  await rename(partial, target);
  return target;
}

function gunzipped(stored: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  // 1 MiB pieces, not zlib's 16 KiB: every piece passes several stream stages before the parser, and on a 25 MB tau2
  // file 16 KiB pieces made reading 0.3 s slower.
  const gunzip = createGunzip({ chunkSize: 1024 * 1024 });
  // pipeline() ends or destroys the gunzip stream with the source, so a reader sees errors from either.
  void pipeline(Readable.from(stored), gunzip).catch((error: unknown) => gunzip.destroy(error as Error));
  return gunzip;
}

export async function removeStoredUpload(location: string): Promise<void> {
  if (isS3Location(location)) await removeS3Object(serverConfig(), location);
  else await rm(location, { force: true });
}

/** Readiness: the upload directory can be written (and the bucket reached when uploads go to S3); throws otherwise. */
export async function checkUploadStore(): Promise<void> {
  const directory = uploadDirectory();
  await mkdir(directory, { recursive: true });
  await access(directory, constants.W_OK);
  const config = serverConfig();
  const bucket = config.LOOPSCOPE_S3_BUCKET;
  if (bucket) await checkS3Bucket({ ...config, LOOPSCOPE_S3_BUCKET: bucket });
}
