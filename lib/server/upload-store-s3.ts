import { createReadStream } from "node:fs";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { ServerConfig } from "./config";

const SCHEME = "s3://";

declare global {
  // One S3 client per process and endpoint (it keeps a connection pool).
  var loopscopeS3: { key: string; client: S3Client } | undefined;
}

function s3Client(config: ServerConfig): S3Client {
  const key = `${config.LOOPSCOPE_S3_ENDPOINT ?? ""}|${config.LOOPSCOPE_S3_REGION}`;
  if (globalThis.loopscopeS3?.key !== key) {
    const client = new S3Client({
      region: config.LOOPSCOPE_S3_REGION,
      // Since 2025 the SDK adds CRC checksums with aws-chunked bodies by default, which many S3-compatible
      // servers (s3rver, older MinIO/Ceph) store verbatim; checksums only where the operation requires them.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // Self-hosted S3 servers (MinIO, Ceph, s3rver) serve buckets by path, not by host name.
      ...(config.LOOPSCOPE_S3_ENDPOINT ? { endpoint: config.LOOPSCOPE_S3_ENDPOINT, forcePathStyle: true } : {}),
    });
    globalThis.loopscopeS3 = { key, client };
  }
  return globalThis.loopscopeS3.client;
}

export function isS3Location(location: string): boolean {
  return location.startsWith(SCHEME);
}

function parseLocation(location: string): { bucket: string; key: string } {
  const rest = location.slice(SCHEME.length);
  const slash = rest.indexOf("/");
  return { bucket: rest.slice(0, slash), key: rest.slice(slash + 1) };
}

/** Copies a finished local file to the bucket (its length is known, so one PUT; S3 takes up to 5 GB that way). */
export async function putFileToS3(
  config: ServerConfig & { LOOPSCOPE_S3_BUCKET: string },
  file: { path: string; name: string; sizeBytes: number },
): Promise<string> {
  const key = `${config.LOOPSCOPE_S3_PREFIX}${file.name}`;
  await s3Client(config).send(
    new PutObjectCommand({
      Bucket: config.LOOPSCOPE_S3_BUCKET,
      Key: key,
      Body: createReadStream(file.path),
      ContentLength: file.sizeBytes,
    }),
  );
  return `${SCHEME}${config.LOOPSCOPE_S3_BUCKET}/${key}`;
}

export async function* readS3Object(config: ServerConfig, location: string): AsyncGenerator<Uint8Array> {
  const { bucket, key } = parseLocation(location);
  const answer = await s3Client(config).send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  if (!answer.Body) throw new Error(`${location} has no body`);
  // In Node.js the body is a readable stream of Buffers.
  yield* answer.Body as AsyncIterable<Uint8Array>;
}

export async function removeS3Object(config: ServerConfig, location: string): Promise<void> {
  const { bucket, key } = parseLocation(location);
  await s3Client(config).send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/** Readiness: the bucket exists and these credentials may use it (throws otherwise). */
export async function checkS3Bucket(config: ServerConfig & { LOOPSCOPE_S3_BUCKET: string }): Promise<void> {
  await s3Client(config).send(new HeadBucketCommand({ Bucket: config.LOOPSCOPE_S3_BUCKET }));
}
