import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getBundles } from "@/app/api/bundles/route";
import { GET as getCompare } from "@/app/api/compare/route";
import { GET as getMetrics } from "@/app/api/runs/[id]/metrics/route";
import { GET as getTrajectories } from "@/app/api/runs/[id]/trajectories/route";
import { GET as getLabels } from "@/app/api/studies/[id]/labels/route";
import { GET as getReport } from "@/app/api/studies/[id]/report/route";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { makeApiToken, makeUserSession } from "@/lib/testing/accounts";
import { chunksOf } from "@/lib/testing/factories";
import { actorOf, makeJudgedBundle } from "@/lib/testing/study-fixtures";
import { ingestBundle } from "../ingest-bundle";
import { createStudy } from "../studies/create-study";
import { setStudyOpen } from "../studies/manage-study";

type Session = Awaited<ReturnType<typeof makeUserSession>>;

let runId = "";
let studyId = "";
let otherStudyId = "";
let annotator: Session;
let outsider: Session;
let peer: Session;
let admin: Session;

function call<Params>(
  handler: (request: Request, context: { params: Promise<Params> }) => Promise<Response>,
  url: string,
  who: Session,
  params: Params,
) {
  return handler(new Request(`http://test${url}`, { headers: { cookie: who.cookie } }), {
    params: Promise.resolve(params),
  });
}

beforeAll(async () => {
  process.env.LOOPSCOPE_AUTH = "required";
  [annotator, peer, outsider, admin] = await Promise.all([
    makeUserSession("annotator"),
    makeUserSession("annotator"),
    makeUserSession("annotator"),
    makeUserSession("admin"),
  ]);
  const result = await ingestBundle({
    chunks: chunksOf(JSON.stringify(makeJudgedBundle(4))),
    fileName: "blind-doors.json",
  });
  if (result.kind !== "stored" || !result.runs[0]) throw new Error(JSON.stringify(result));
  runId = result.runs[0].id;
  const study = (annotatorIds: string[], blind: boolean) => ({
    name: "blind doors",
    instructions: "Label the outcome.",
    source: { runIds: [runId], suiteId: null },
    sampleSize: 2,
    sampling: { method: "random" as const, by: null, seed: 1 },
    annotatorsPerItem: 2,
    annotatorIds,
    blind,
    rubric: makeDefaultRubric(),
  });
  const adminActor = actorOf(admin, "admin");
  studyId = (await createStudy(adminActor, study([annotator.userId, peer.userId], true))).id;
  // A second, closed study over the same run: its export would give the judge's verdicts away.
  otherStudyId = (await createStudy(adminActor, study([outsider.userId, admin.userId], false))).id;
  await setStudyOpen(adminActor, otherStudyId, false);
});

afterAll(() => {
  delete process.env.LOOPSCOPE_AUTH;
});

describe("blind means every door (annotator of an open blind study)", () => {
  it("refuses the run's trajectory list (with failure categories), its metrics and comparisons", async () => {
    const trajectories = await call(getTrajectories, `/api/runs/${runId}/trajectories`, annotator, { id: runId });
    expect(trajectories.status).toBe(403);
    expect(JSON.stringify(await trajectories.json())).not.toContain("failureCategory");
    expect((await call(getMetrics, `/api/runs/${runId}/metrics`, annotator, { id: runId })).status).toBe(403);
    expect(
      (await call(getCompare, `/api/compare?runs=${runId},${runId}&table=tasks&format=csv`, annotator, {})).status,
    ).toBe(403);
    // A run that does not exist answers the same: the refusal does not name the study's runs.
    expect((await call(getMetrics, "/api/runs/no-such-run/metrics", annotator, { id: "no-such-run" })).status).toBe(
      403,
    );
  });

  it("refuses the bundle list, which names every run and file (session and token alike)", async () => {
    const bySession = await call(getBundles, "/api/bundles", annotator, {});
    expect(bySession.status).toBe(403);
    expect(JSON.stringify(await bySession.json())).not.toContain("blind-doors.json");
    const { token } = await makeApiToken(annotator.userId, ["read"]);
    const byToken = await getBundles(
      new Request("http://test/api/bundles", { headers: { authorization: `Bearer ${token}` } }),
      { params: Promise.resolve({}) },
    );
    expect(byToken.status).toBe(403);
    expect((await call(getBundles, "/api/bundles", outsider, {})).status).toBe(200);
  });

  it("refuses every study export, even of another, closed study over the same run", async () => {
    for (const id of [studyId, otherStudyId, "no-such-study"]) {
      expect((await call(getLabels, `/api/studies/${id}/labels`, annotator, { id })).status, id).toBe(403);
      expect((await call(getReport, `/api/studies/${id}/report`, annotator, { id })).status, id).toBe(403);
    }
  });

  it("leaves others alone: an annotator outside the study and the admin read the run", async () => {
    const outsiderView = await call(getTrajectories, `/api/runs/${runId}/trajectories`, outsider, { id: runId });
    expect(outsiderView.status).toBe(200);
    expect((await call(getMetrics, `/api/runs/${runId}/metrics`, admin, { id: runId })).status).toBe(200);
  });

  it("answers an outsider the same 404 for an open study as for one that does not exist", async () => {
    const open = await call(getReport, `/api/studies/${studyId}/report`, outsider, { id: studyId });
    const missing = await call(getReport, "/api/studies/no-such-study/report", outsider, { id: "no-such-study" });
    expect(open.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await open.json()).toEqual(await missing.json());
  });

  it("opens the doors again once the study closes", async () => {
    await setStudyOpen(actorOf(admin, "admin"), studyId, false);
    expect((await call(getTrajectories, `/api/runs/${runId}/trajectories`, annotator, { id: runId })).status).toBe(200);
    expect((await call(getReport, `/api/studies/${studyId}/report`, annotator, { id: studyId })).status).toBe(200);
    expect((await call(getBundles, "/api/bundles", annotator, {})).status).toBe(200);
  });
});
