import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * Turns on the job queue for one test file: DB tests ingest inside the route by default
 * (LOOPSCOPE_INGEST=inline in vitest.config.mts), the job tests need 202 and a worker.
 */
export function useJobQueue(): void {
  process.env.LOOPSCOPE_INGEST = "queue";
}

/** A fresh raw-upload directory for one test file (LOOPSCOPE_UPLOAD_DIR). */
export function useTemporaryUploadDir(): string {
  const directory = mkdtempSync(path.join(tmpdir(), "loopscope-uploads-"));
  process.env.LOOPSCOPE_UPLOAD_DIR = directory;
  return directory;
}

export interface UploadRowSnapshot {
  phase: string;
  trajectories: number;
  attempts: number;
  httpStatus: number | null;
  lastError: string | null;
  contentHash: string;
}

/** Reads an Upload row over its own connection, as another server or worker would see it. */
export async function readUploadRow(uploadId: string): Promise<UploadRowSnapshot | null> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const result = await client.query<UploadRowSnapshot>(
      `SELECT phase, trajectories, attempts, "httpStatus", "lastError", "contentHash" FROM "Upload" WHERE id = $1`,
      [uploadId],
    );
    return result.rows[0] ?? null;
  } finally {
    await client.end();
  }
}

/** Polls until `check` returns a value (no fixed sleeps in tests: a bounded wait for a state). */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  { timeoutMs = 30_000, intervalMs = 100, what = "the condition" } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
