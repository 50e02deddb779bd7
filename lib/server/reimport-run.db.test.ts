import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORTER_VERSION } from "@/lib/bundles/importer-version";
import { listStudyItemsWithJudge } from "@/lib/db/study-items";
import { listStudyLabels } from "@/lib/db/study-labels";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { chunksOf } from "@/lib/testing/factories";
import { makeJudgedBundle, makeStudyPeople } from "@/lib/testing/study-fixtures";
import { tableCounts } from "@/lib/testing/table-counts";
import { useTemporaryUploadDir } from "@/lib/testing/upload-jobs";
import { LOCAL_ACTOR, type Actor } from "./auth/roles";
import { editRunLabels } from "./edit-run";
import { requestReimport } from "./queue-run-jobs";
import { receiveUpload } from "./receive-upload";
import { getAnnotationItem, saveLabels } from "./studies/annotate";
import { createStudy } from "./studies/create-study";
import { makeTau2Results } from "@/lib/testing/tau2-results";
import { uniqueId } from "@/lib/testing/factories";
import { ingestBundle } from "./ingest-bundle";
import { getRunJudges } from "./get-run-judges";

let uploadDir: string;
let people: { admin: Actor; ann: Actor; ben: Actor };
let sql: pg.Client;

beforeAll(async () => {
  uploadDir = useTemporaryUploadDir();
  people = await makeStudyPeople();
  sql = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await sql.connect();
});

afterAll(async () => {
  await sql.end();
  delete process.env.LOOPSCOPE_UPLOAD_DIR;
});

async function uploadJudgedRun(count: number): Promise<{ runId: string; uploadId: string }> {
  const received = await receiveUpload(LOCAL_ACTOR, {
    fileName: "judged.json",
    chunks: chunksOf(JSON.stringify(makeJudgedBundle(count))),
    done: Promise.resolve(),
    fields: new Map(),
  });
  if (received.kind !== "finished" || received.status !== 201) throw new Error(JSON.stringify(received));
  const body = received.body as { runs: { id: string }[] };
  const runId = body.runs[0]?.id;
  if (!runId) throw new Error("no run");
  return { runId, uploadId: received.uploadId };
}

async function trajectoriesOf(runId: string) {
  const result = await sql.query<{ id: string; trial: number; success: boolean | null; eventCount: number }>(
    `SELECT id, trial, success, "eventCount" FROM "Trajectory" WHERE "runId" = $1 ORDER BY trial`,
    [runId],
  );
  return result.rows;
}

describe("re-importing a run from its kept raw upload", () => {
  it("keeps an uploaded judge review's verdicts on the re-imported trajectories", async () => {
    const prefix = uniqueId("reimport-judged");
    const results = makeTau2Results({ taskIds: [`${prefix}-1`, `${prefix}-2`] });
    const received = await receiveUpload(LOCAL_ACTOR, {
      fileName: "tau2.json",
      chunks: chunksOf(JSON.stringify(results)),
      done: Promise.resolve(),
      fields: new Map(),
    });
    const runId = (received.kind === "finished" ? (received.body as { runs: { id: string }[] }).runs[0]?.id : "") ?? "";
    const entries = results.simulations.map((simulation) => ({
      simulation_id: simulation.id,
      judge_verdict: "pass",
      judge_prompt_name: prefix,
      judge_model: "m",
    }));
    const review = { total_judged: 2, agree_count: 0, disagree_count: 0, entries };
    const judged = await ingestBundle({ chunks: chunksOf(JSON.stringify(review)), fileName: "review.json" });
    expect(judged).toMatchObject({ kind: "stored", runs: [{ id: runId }] });
    const before = (await getRunJudges(runId)).judges.find((judge) => judge.name === prefix);
    expect(before?.n).toBe(2);
    const answer = await requestReimport(LOCAL_ACTOR, { runId });
    expect(answer).toMatchObject({ queued: false, outcomes: [{ runId, outcome: { kind: "reimported" } }] });
    expect((await getRunJudges(runId)).judges.find((judge) => judge.name === prefix)).toEqual(before);
  });

  it("keeps a JSON upload gzipped in the upload directory and gives the uploaded bytes back", async () => {
    const { uploadId } = await uploadJudgedRun(2);
    const files = readdirSync(uploadDir).filter((name) => name.startsWith(uploadId));
    expect(files).toEqual([`${uploadId}.upload.gz`]);
    const kept = readFileSync(path.join(uploadDir, files[0] ?? ""));
    expect(JSON.parse(gunzipSync(kept).toString("utf8"))).toMatchObject({ schemaVersion: expect.any(String) });
  });

  it("after an importer version bump the run keeps its id, name, tags, pairing and study labels", async () => {
    const { runId } = await uploadJudgedRun(6);
    await editRunLabels(LOCAL_ACTOR, {
      runId,
      name: "kept name",
      variant: "sft",
      pairingKey: "kept-pair",
      tags: "team=eval, round=2",
    });
    const study = await createStudy(people.admin, {
      name: "kept across re-import",
      instructions: "",
      source: { runIds: [runId], suiteId: null },
      sampleSize: 3,
      sampling: { method: "random", by: null, seed: 7 },
      annotatorsPerItem: 2,
      annotatorIds: [people.ann.userId ?? "", people.ben.userId ?? ""],
      blind: false,
      rubric: makeDefaultRubric(),
    });
    const itemsBefore = await listStudyItemsWithJudge({ studyId: study.id });
    const item = itemsBefore[0];
    if (!item) throw new Error("no study item");
    await getAnnotationItem(people.ann, study.id, item.id);
    await saveLabels(people.ann, study.id, item.id, {
      labels: [{ dimension: "goal_completion", value: "completed", expectedVersion: 0 }],
    });
    const before = await trajectoriesOf(runId);
    // The run as an older importer left it: version 1 and rows that differ from what today's importer reads.
    await sql.query(`UPDATE "Run" SET "importerVersion" = 1 WHERE id = $1`, [runId]);
    await sql.query(`UPDATE "Trajectory" SET "eventCount" = 0, success = NULL WHERE "runId" = $1`, [runId]);
    const countsBefore = await tableCounts();

    const answer = await requestReimport(LOCAL_ACTOR, { runId });
    expect(answer).toMatchObject({ queued: false, outcomes: [{ runId, outcome: { kind: "reimported" } }] });

    const run = await sql.query(
      `SELECT name, "nameIsCustom", variant, "pairingKey", tags, "importerVersion" FROM "Run" WHERE id = $1`,
      [runId],
    );
    expect(run.rows[0]).toEqual({
      name: "kept name",
      nameIsCustom: true,
      variant: "sft",
      pairingKey: "kept-pair",
      tags: { team: "eval", round: "2" },
      importerVersion: IMPORTER_VERSION,
    });
    expect(IMPORTER_VERSION).toBeGreaterThan(1);
    // Same trajectory ids (links stay valid), rows read again from the file.
    expect(await trajectoriesOf(runId)).toEqual(before);
    const itemsAfter = await listStudyItemsWithJudge({ studyId: study.id });
    expect(itemsAfter.map((row) => [row.id, row.trajectoryId])).toEqual(
      itemsBefore.map((row) => [row.id, row.trajectoryId]),
    );
    expect(itemsAfter.every((row) => row.trajectoryId !== null)).toBe(true);
    const labels = await listStudyLabels({ studyId: study.id });
    expect(labels).toEqual([expect.objectContaining({ itemId: item.id, value: "completed" })]);
    // Nothing was added: no second bundle, run or trajectory.
    expect(await tableCounts()).toEqual(countsBefore);
  });

  it("a raw file today's importers reject leaves the run exactly as it was", async () => {
    const { runId, uploadId } = await uploadJudgedRun(3);
    const before = await trajectoriesOf(runId);
    writeFileSync(
      path.join(uploadDir, `${uploadId}.upload.gz`),
      gzipSync('{"schemaVersion": "loopscope/v1", "tasks": 3}'),
    );
    const answer = await requestReimport(LOCAL_ACTOR, { runId });
    expect(answer).toMatchObject({ queued: false, outcomes: [{ runId, outcome: { kind: "rejected" } }] });
    expect(await trajectoriesOf(runId)).toEqual(before);
  });

  it("a run without a kept raw upload is refused with the reason", async () => {
    const { runId, uploadId } = await uploadJudgedRun(1);
    await sql.query(`UPDATE "Upload" SET "httpStatus" = 500 WHERE id = $1`, [uploadId]);
    await expect(requestReimport(LOCAL_ACTOR, { runId })).rejects.toThrow(/no kept raw upload/);
  });
});
