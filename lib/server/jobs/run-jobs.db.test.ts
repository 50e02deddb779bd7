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
import { resumeSearchIndexing } from "../search-indexing";

// Re-import, rescore and search indexing as jobs a worker takes (issue 17, issue 12): the inline paths are tested in
// reimport-run, rescore-run and search-events.
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

  it("a queued upload's run is indexed for search by a job after its answer", async () => {
    const received = await receiveUpload(LOCAL_ACTOR, {
      fileName: "jobs-search.json",
      chunks: chunksOf(JSON.stringify(makeJudgedBundle(3))),
      done: Promise.resolve(),
      fields: new Map(),
    });
    expect(received.kind).toBe("queued");
    const indexedRun = async () =>
      (
        await sql.query<{ id: string }>(
          `SELECT r.id FROM "Run" r JOIN "Upload" u ON u."fileName" = 'jobs-search.json' AND u."httpStatus" = 201
           JOIN "Bundle" b ON b.id = r."bundleId" AND b."contentHash" = u."contentHash"
           WHERE r."searchIndexedAt" IS NOT NULL`,
        )
      ).rows[0]?.id;
    await waitFor(async () => (await indexedRun()) !== undefined, { what: "the search index job" });
    expect(await searchIndexNames((await indexedRun()) ?? "")).toEqual(["search_substring", "search_words"]);
  });

  it("a worker finds a run whose index job was lost and queues it again", async () => {
    await sql.query(`UPDATE "Run" SET "searchIndexedAt" = NULL WHERE id = $1`, [runId]);
    for (const suffix of ["search_words", "search_substring"])
      await sql.query(`DROP INDEX "${await eventPartition(runId)}_${suffix}"`);
    expect(await searchIndexNames(runId)).toEqual([]);

    expect(await resumeSearchIndexing()).toBeGreaterThanOrEqual(1);
    await waitFor(async () => (await searchIndexNames(runId)).length === 2, { what: "the resumed search index job" });
    const run = await sql.query<{ indexed: boolean }>(
      `SELECT "searchIndexedAt" IS NOT NULL AS indexed FROM "Run" WHERE id = $1`,
      [runId],
    );
    expect(run.rows[0]?.indexed).toBe(true);
  });
});

async function eventPartition(id: string): Promise<string> {
  const { rows } = await sql.query<{ name: string }>(`SELECT 'Event_' || md5($1) AS name`, [id]);
  return rows[0]?.name ?? "";
}

/** The search indexes on the run's Event partition, without the partition's name. */
async function searchIndexNames(id: string): Promise<string[]> {
  const partition = await eventPartition(id);
  const { rows } = await sql.query<{ name: string }>(
    `SELECT substr(indexname, length($1) + 2) AS name FROM pg_indexes WHERE tablename = $1 AND indexname LIKE '%search%'
     ORDER BY name`,
    [partition],
  );
  return rows.map((row) => row.name);
}
