import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunksOf } from "@/lib/testing/factories";
import { makeJudgedBundle } from "@/lib/testing/study-fixtures";
import { readUploadRow } from "@/lib/testing/upload-jobs";
import { LOCAL_ACTOR } from "./auth/roles";
import { requestReimport } from "./queue-run-jobs";
import { receiveUpload } from "./receive-upload";

const BUCKET = "loopscope-test-uploads";
const S3_ENV = {
  AWS_ACCESS_KEY_ID: "S3RVER",
  AWS_SECRET_ACCESS_KEY: "S3RVER",
  LOOPSCOPE_S3_BUCKET: BUCKET,
  LOOPSCOPE_S3_PREFIX: "raw/",
};
let server: S3rver;
let s3Directory: string;
let stagingDirectory: string;
let endpoint: string;

beforeAll(async () => {
  s3Directory = mkdtempSync(path.join(tmpdir(), "loopscope-s3rver-"));
  stagingDirectory = mkdtempSync(path.join(tmpdir(), "loopscope-s3-staging-"));
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  Object.assign(process.env, S3_ENV, { LOOPSCOPE_S3_ENDPOINT: endpoint, LOOPSCOPE_UPLOAD_DIR: stagingDirectory });
});

afterAll(async () => {
  await server.close();
  for (const key of [...Object.keys(S3_ENV), "LOOPSCOPE_S3_ENDPOINT", "LOOPSCOPE_UPLOAD_DIR"]) delete process.env[key];
  rmSync(s3Directory, { recursive: true, force: true });
  rmSync(stagingDirectory, { recursive: true, force: true });
});

describe("raw uploads in an S3-compatible store", () => {
  it("keeps the upload gzipped in the bucket (nothing left locally) and re-imports the run from there", async () => {
    const json = JSON.stringify(makeJudgedBundle(3));
    const received = await receiveUpload(LOCAL_ACTOR, {
      fileName: "s3.json",
      chunks: chunksOf(json),
      done: Promise.resolve(),
      fields: new Map(),
    });
    expect(received, JSON.stringify(received)).toMatchObject({ kind: "finished", status: 201 });
    const storagePath = (await readStorage(received.uploadId)) ?? "";
    expect(storagePath).toBe(`s3://${BUCKET}/raw/${received.uploadId}.upload.gz`);
    expect(readdirSync(stagingDirectory)).toEqual([]);

    const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true });
    const object = await client.send(
      new GetObjectCommand({ Bucket: BUCKET, Key: `raw/${received.uploadId}.upload.gz` }),
    );
    const kept = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    expect(gunzipSync(kept).toString("utf8")).toBe(json);
    client.destroy();

    const runId = (received.kind === "finished" ? (received.body as { runs: { id: string }[] }).runs[0]?.id : "") ?? "";
    const answer = await requestReimport(LOCAL_ACTOR, { runId });
    expect(answer).toMatchObject({ queued: false, outcomes: [{ runId, outcome: { kind: "reimported" } }] });
  });
});

async function readStorage(uploadId: string): Promise<string | null> {
  const row = await readUploadRow(uploadId);
  expect(row?.phase).toBe("done");
  const { default: pg } = await import("pg");
  const sql = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await sql.connect();
  try {
    const result = await sql.query<{ storagePath: string }>(`SELECT "storagePath" FROM "Upload" WHERE id = $1`, [
      uploadId,
    ]);
    return result.rows[0]?.storagePath ?? null;
  } finally {
    await sql.end();
  }
}
