import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORTER_VERSION } from "@/lib/bundles/importer-version";
import { SCORES_VERSION } from "@/lib/metrics";
import { chunksOf } from "@/lib/testing/factories";
import { makeJudgedBundle } from "@/lib/testing/study-fixtures";
import { useJobWorker } from "@/lib/testing/job-worker";
import { useTemporaryUploadDir, waitFor } from "@/lib/testing/upload-jobs";
import { LOCAL_ACTOR } from "../auth/roles";
import { queueStaleRescores, requestReimport } from "../queue-run-jobs";
import { receiveUpload } from "../receive-upload";

// Re-import and rescore as jobs a worker takes (issue 17): the inline paths are tested in reimport-run and rescore-run.
let sql: pg.Client;
let runId = "";

interface RunState {
  importerVersion: number;
  scoresVersion: number;
  success: (boolean | null)[];
}

async function runState(): Promise<RunState> {
  const run = await sql.query<{ importerVersion: number; scoresVersion: number }>(
    `SELECT "importerVersion", "scoresVersion" FROM "Run" WHERE id = $1`,
    [runId],
  );
  const trajectories = await sql.query<{ success: boolean | null }>(
    `SELECT success FROM "Trajectory" WHERE "runId" = $1 ORDER BY trial`,
    [runId],
  );
  const row = run.rows[0];
  if (!row) throw new Error("run gone");
  return { ...row, success: trajectories.rows.map((trajectory) => trajectory.success) };
}

beforeAll(async () => {
  useTemporaryUploadDir();
  sql = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await sql.connect();
  // Stored in the request (the default for DB tests), so the run exists before the queue is switched on.
  const received = await receiveUpload(LOCAL_ACTOR, {
    fileName: "jobs.json",
    chunks: chunksOf(JSON.stringify(makeJudgedBundle(4))),
    done: Promise.resolve(),
    fields: new Map(),
  });
  if (received.kind !== "finished" || received.status !== 201) throw new Error(JSON.stringify(received));
  runId = (received.body as { runs: { id: string }[] }).runs[0]?.id ?? "";
});
// After the upload above: from here on, work goes through the job queue to a worker in this process.
useJobWorker();

afterAll(async () => {
  await sql.end();
});

describe("run jobs", () => {
  it("npm run rescore queues every stale run and a worker rescores it", async () => {
    const current = await runState();
    await sql.query(`UPDATE "Run" SET "scoresVersion" = 1 WHERE id = $1`, [runId]);
    await sql.query(`UPDATE "Trajectory" SET success = NULL WHERE "runId" = $1`, [runId]);

    const answer = await queueStaleRescores();
    expect(answer.queued).toBe(true);
    expect(answer.runs).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await runState()).scoresVersion === SCORES_VERSION, { what: "the rescore job" });
    expect(await runState()).toEqual({ ...current, scoresVersion: SCORES_VERSION });
  });

  it("a re-import request becomes a job; the worker reads the kept upload again", async () => {
    const current = await runState();
    await sql.query(`UPDATE "Run" SET "importerVersion" = 1 WHERE id = $1`, [runId]);
    await sql.query(`UPDATE "Trajectory" SET success = NULL WHERE "runId" = $1`, [runId]);

    const answer = await requestReimport(LOCAL_ACTOR, { runId });
    expect(answer).toMatchObject({ queued: true, runIds: [runId], jobIds: [expect.any(String)] });
    await waitFor(async () => (await runState()).importerVersion === IMPORTER_VERSION, { what: "the re-import job" });
    expect(await runState()).toEqual({ ...current, importerVersion: IMPORTER_VERSION });
  });
});
