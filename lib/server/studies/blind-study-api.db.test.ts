import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postStudy } from "@/app/api/studies/route";
import { POST as postJudgeLabels } from "@/app/api/studies/[id]/judge-labels/route";
import { PUT as putItemLabels } from "@/app/api/studies/[id]/items/[itemId]/labels/route";
import { GET as getLabels } from "@/app/api/studies/[id]/labels/route";
import { GET as getReport } from "@/app/api/studies/[id]/report/route";
import { GET as getRuns } from "@/app/api/runs/route";
import { GET as getRunMetrics } from "@/app/api/runs/[id]/metrics/route";
import { GET as getRunTrajectories } from "@/app/api/runs/[id]/trajectories/route";
import { GET as getSearch } from "@/app/api/search/route";
import { GET as getExperiments } from "@/app/api/experiments/route";
import { GET as getCompare } from "@/app/api/compare/route";
import { listStudies } from "./list-studies";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { makeUserSession } from "@/lib/testing/accounts";
import { chunksOf } from "@/lib/testing/factories";
import { actorOf, makeJudgedBundle } from "@/lib/testing/study-fixtures";
import { ingestBundle } from "../ingest-bundle";
import { getAnnotationItem, getAnnotatorQueue, saveLabels } from "./annotate";
import { createStudy } from "./create-study";
import { importJudgeLabels } from "./import-judge-labels";

type Session = Awaited<ReturnType<typeof makeUserSession>>;

const RUN_NAME = "Qwen3-4B SFT secret-run";
const PEER_COMMENT = "peer-only remark 7f3a";
const JUDGE_NAME = "hidden-judge-9c1";
let studyId = "";
let runId = "";
let ann: Session;
let ben: Session;
let admin: Session;

function request(url: string, who: Session, init: RequestInit = {}) {
  return new Request(`http://test${url}`, {
    ...init,
    headers: { cookie: who.cookie, origin: "http://test", "content-type": "application/json", ...init.headers },
  });
}

/** Everything a response could leak, for the substring checks below. */
async function bodyOf(response: Response): Promise<string> {
  return `${response.status} ${await response.text()}`;
}

function expectNoLeak(text: string) {
  expect(text).not.toContain(RUN_NAME);
  expect(text).not.toContain(JUDGE_NAME);
  expect(text).not.toContain(PEER_COMMENT);
  expect(text).not.toContain("rationale");
}

beforeAll(async () => {
  process.env.LOOPSCOPE_AUTH = "required";
  [ann, ben, admin] = await Promise.all([
    makeUserSession("annotator"),
    makeUserSession("annotator"),
    makeUserSession("admin"),
  ]);
  const result = await ingestBundle({
    chunks: chunksOf(JSON.stringify(makeJudgedBundle(12, RUN_NAME))),
    fileName: "blind-api.json",
  });
  if (result.kind !== "stored" || !result.runs[0]) throw new Error(JSON.stringify(result));
  runId = result.runs[0].id;
  const adminActor = actorOf(admin, "admin");
  studyId = (
    await createStudy(adminActor, {
      name: "blind api",
      instructions: "",
      source: { runIds: [result.runs[0].id], suiteId: null },
      sampleSize: 12,
      sampling: { method: "random", by: null, seed: 3 },
      annotatorsPerItem: 2,
      annotatorIds: [ann.userId, ben.userId],
      blind: true,
      rubric: makeDefaultRubric(),
    })
  ).id;
  const queue = await getAnnotatorQueue(actorOf(ben, "annotator"), studyId);
  const csv = [
    "item,judge,version,dimension,label,rationale",
    ...queue.entries.map((e) => `${e.item.id},${JUDGE_NAME},1,goal_completion,completed,because`),
  ].join("\n");
  await importJudgeLabels(adminActor, studyId, csv, "judge.csv");
  const first = queue.entries[0]?.item.id ?? "";
  await saveLabels(actorOf(ben, "annotator"), studyId, first, {
    labels: [{ dimension: "comment", value: PEER_COMMENT, expectedVersion: 0 }],
  });
});

afterAll(() => {
  delete process.env.LOOPSCOPE_AUTH;
});

describe("a blind study's annotator sees no run name, judge verdict or peer label", () => {
  it("in every API route of the study", async () => {
    const queue = await getAnnotatorQueue(actorOf(ann, "annotator"), studyId);
    const itemId = queue.entries[0]?.item.id ?? "";
    const params = { id: studyId };
    const responses = [
      await getReport(request(`/api/studies/${studyId}/report`, ann), { params: Promise.resolve(params) }),
      await getLabels(request(`/api/studies/${studyId}/labels?format=json`, ann), { params: Promise.resolve(params) }),
      await postJudgeLabels(
        request(`/api/studies/${studyId}/judge-labels`, ann, { method: "POST", body: "item,judge\n" }),
        { params: Promise.resolve(params) },
      ),
      await putItemLabels(
        request(`/api/studies/${studyId}/items/${itemId}/labels`, ann, {
          method: "PUT",
          body: JSON.stringify({ labels: [{ dimension: "goal_completion", value: "completed", expectedVersion: 0 }] }),
        }),
        { params: Promise.resolve({ id: studyId, itemId }) },
      ),
    ];
    expect(responses.map((r) => r.status)).toEqual([403, 403, 403, 200]);
    for (const response of responses) expectNoLeak(await bodyOf(response));
  });

  it("in every read route of runs, trajectories, search, experiments and comparisons, and in the study list", async () => {
    const none = { params: Promise.resolve({}) };
    const run = { params: Promise.resolve({ id: runId }) };
    const responses = [
      await getRuns(request("/api/runs", ann), none),
      await getRunMetrics(request(`/api/runs/${runId}/metrics`, ann), run),
      await getRunTrajectories(request(`/api/runs/${runId}/trajectories`, ann), run),
      await getSearch(request(`/api/search?q=${encodeURIComponent("refund")}`, ann), none),
      await getSearch(request(`/api/search?q=${encodeURIComponent(RUN_NAME)}`, ann), none),
      await getExperiments(request("/api/experiments", ann), none),
      await getCompare(request(`/api/compare?runs=${runId},${runId}&table=protocol&format=csv`, ann), none),
    ];
    expect(responses[0]?.status).toBe(403);
    const texts = await Promise.all(responses.map(bodyOf));
    for (const text of texts) expectNoLeak(text);
    // Per-run detail is refused outright (refusing only the study's runs would say which runs they are).
    expect(responses.slice(1).map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    // The study list names the study, never the runs it samples (source.runIds stays on the server).
    const studies = await listStudies(actorOf(ann, "annotator"));
    expect(studies.map((s) => s.id)).toContain(studyId);
  });

  it("in the queue and item views the pages render, with each annotator's own shuffled order", async () => {
    const annQueue = await getAnnotatorQueue(actorOf(ann, "annotator"), studyId);
    const benQueue = await getAnnotatorQueue(actorOf(ben, "annotator"), studyId);
    expectNoLeak(JSON.stringify(annQueue.entries));
    const annOrder = annQueue.entries.map((e) => e.item.id);
    const benOrder = benQueue.entries.map((e) => e.item.id);
    expect([...annOrder].sort()).toEqual([...benOrder].sort());
    expect(annOrder).not.toEqual(benOrder);
    // The order is reproducible: the seed is recorded, not drawn per request.
    expect((await getAnnotatorQueue(actorOf(ann, "annotator"), studyId)).entries.map((e) => e.item.id)).toEqual(
      annOrder,
    );
    for (const itemId of annOrder.slice(0, 4)) {
      const view = await getAnnotationItem(actorOf(ann, "annotator"), studyId, itemId);
      expect(view?.item.runId).toBe("");
      expectNoLeak(
        JSON.stringify({ item: view?.item, queue: view?.queue, peers: view?.peerLabels, judge: view?.judge }),
      );
    }
  });
});

describe("POST /api/studies", () => {
  const body = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      name: "by api",
      instructions: "",
      source: { runIds: [runId], suiteId: null },
      sampleSize: 5,
      sampling: { method: "stratified", by: "outcome", seed: 4 },
      annotatorsPerItem: 2,
      annotatorIds: [ann.userId, ben.userId],
      blind: true,
      rubric: makeDefaultRubric(),
      ...extra,
    });

  it("creates a study for an admin and validates like the form (422 with the field path)", async () => {
    const created = await postStudy(request("/api/studies", admin, { method: "POST", body: body() }), {
      params: Promise.resolve({}),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ items: 5 });
    const invalid = await postStudy(request("/api/studies", admin, { method: "POST", body: body({ sampleSize: 0 }) }), {
      params: Promise.resolve({}),
    });
    expect(invalid.status).toBe(422);
    expect(await invalid.text()).toContain("sampleSize");
    const refused = await postStudy(request("/api/studies", ann, { method: "POST", body: body() }), {
      params: Promise.resolve({}),
    });
    expect(refused.status).toBe(403);
  });
});
