// Study benchmark (issue 16): a study of 2,000 items with three annotators and two imported judges is created through
// the use case the form and POST /api/studies run, labelled (CSV import through its use case, not timed), and its
// report computed the way GET /api/studies/{id}/report and the agreement page do. Prints create time and report time
// (goals: create < 10 s, report < 2 s) next to an anchor timed in the same run: one plain SQL INSERT ... SELECT copying
// the study's items and assignments, the least any create of those rows could cost on this machine at this moment.
// BENCH_DATABASE_URL as in bench-ingest.
// Usage: npm run bench:studies -- [--items 2000] [--repeat 3] [--url http://127.0.0.1:PORT]
import { createReadStream, mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { numberOption, stringOption, useBenchDatabase } from "./bench-options";

const GOAL = ["completed", "not_completed_agent", "not_completed_user"];

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

async function main(): Promise<void> {
  const items = numberOption("items", 2000);
  const repeat = numberOption("repeat", 3);
  const url = await useBenchDatabase();

  const { ingestBundle } = await import("@/lib/server/ingest-bundle");
  const { writeSyntheticJsonlBundle } = await import("@/lib/testing/synthetic-bundle");
  const { makeStudyPeople } = await import("@/lib/testing/study-fixtures");
  const { createStudy } = await import("@/lib/server/studies/create-study");
  const { importLabels } = await import("@/lib/server/studies/import-labels");
  const { importJudgeLabels } = await import("@/lib/server/studies/import-judge-labels");
  const { getStudyReport } = await import("@/lib/server/studies/get-agreement");
  const { exportStudyReport } = await import("@/lib/server/studies/export-study");
  const { buildJudgeAgreementSeries } = await import("@/lib/presenters/judge-agreement-chart");
  const { makeDefaultRubric } = await import("@/lib/presenters/study-rubric");
  const { makeUserSession } = await import("@/lib/testing/accounts");
  const { INTERVAL_RESAMPLES } = await import("@/lib/metrics");
  const { actorOf } = await import("@/lib/testing/study-fixtures");

  const dir = path.join(os.tmpdir(), `loopscope-bench-studies-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "bundle.jsonl");
  await writeSyntheticJsonlBundle(file, {
    trajectories: Math.ceil(items * 1.25),
    eventsPerTrajectory: 6,
    suiteName: `bench-studies-${Date.now()}`,
  });
  const stored = await ingestBundle({ chunks: createReadStream(file), fileName: "bench-studies.jsonl" });
  rmSync(dir, { recursive: true, force: true });
  if (stored.kind !== "stored") throw new Error("ingest failed");
  const runId = stored.runs[0]?.id ?? "";
  const { admin, ann, ben } = await makeStudyPeople();
  const third = await makeUserSession("annotator");
  const cid = actorOf(third, "annotator", "Cid");
  const annotators = [ann, ben, cid];
  const pool = new pg.Pool({ connectionString: url });

  const anchor = async (studyId: string): Promise<number> => {
    const t0 = performance.now();
    await pool.query(`CREATE TEMP TABLE IF NOT EXISTS bench_items AS SELECT * FROM "StudyItem" WITH NO DATA`);
    await pool.query(`CREATE TEMP TABLE IF NOT EXISTS bench_assign AS SELECT * FROM "StudyAssignment" WITH NO DATA`);
    await pool.query(`INSERT INTO bench_items SELECT * FROM "StudyItem" WHERE "studyId" = $1`, [studyId]);
    await pool.query(`INSERT INTO bench_assign SELECT * FROM "StudyAssignment" WHERE "studyId" = $1`, [studyId]);
    const ms = performance.now() - t0;
    await pool.query(`TRUNCATE bench_items, bench_assign`);
    return ms;
  };

  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const studyIds: string[] = [];
  for (let round = 1; round <= repeat; round += 1) {
    const t0 = performance.now();
    const study = await createStudy(admin, {
      name: `bench study ${round}`,
      instructions: "",
      source: { runIds: [runId], suiteId: null },
      sampleSize: items,
      sampling: { method: "stratified", by: "outcome", seed: round },
      annotatorsPerItem: 3,
      annotatorIds: annotators.map((a) => a.userId ?? ""),
      blind: true,
      rubric: makeDefaultRubric(),
    });
    const createMs = performance.now() - t0;
    studyIds.push(study.id);
    console.log(
      `round ${round}: create ${study.items} items x 3 annotators ${seconds(createMs)}; anchor INSERT ... SELECT of the same rows ${seconds(await anchor(study.id))} (load ${os.loadavg()[0]?.toFixed(2)})`,
    );
  }

  // Labels for the report (not timed): three humans on every categorical dimension, two judges on two dimensions.
  const studyId = studyIds[0] ?? "";
  const { input } = await getStudyReport(admin, studyId);
  const ids = input.items.map((item) => item.id);
  const t1 = performance.now();
  const human = [
    "item,annotator,dimension,label",
    ...annotators.flatMap((a, k) =>
      ids.flatMap((id, i) => [
        `${id},${a.name},goal_completion,${GOAL[(i + (i % (k + 3) === 0 ? 1 : 0)) % 3]}`,
        `${id},${a.name},tool_hallucination,${(i + k) % 5 === 0 ? "yes" : "no"}`,
        `${id},${a.name},user_hallucination,${(i * (k + 1)) % 7 === 0 ? "yes" : "no"}`,
      ]),
    ),
  ].join("\n");
  await importLabels(admin, studyId, human);
  for (const [j, judge] of ["bench-judge-a", "bench-judge-b"].entries()) {
    const verdicts = [
      "item,judge,version,dimension,label",
      ...ids.flatMap((id, i) => [
        `${id},${judge},1,goal_completion,${GOAL[(i + (i % (j + 4) === 0 ? 2 : 0)) % 3]}`,
        `${id},${judge},1,tool_hallucination,${(i + j) % 4 === 0 ? "yes" : "no"}`,
      ]),
    ].join("\n");
    await importJudgeLabels(admin, studyId, verdicts, `${judge}.csv`);
  }
  console.log(
    `labels: ${ids.length * 9} human labels and ${ids.length * 4} judge verdicts imported in ${seconds(performance.now() - t1)} (not a goal)`,
  );

  for (let round = 1; round <= repeat; round += 1) {
    const t2 = performance.now();
    const { report } = await getStudyReport(admin, studyId);
    buildJudgeAgreementSeries(report.dimensions);
    const reportMs = performance.now() - t2;
    const t3 = performance.now();
    const json = await (await exportStudyReport(admin, studyId, "json")).text();
    const jsonMs = performance.now() - t3;
    const judges = report.dimensions.reduce((n, d) => n + d.judges.length, 0);
    console.log(
      `round ${round}: report (${report.items} items, ${judges} judge x dimension blocks, ${INTERVAL_RESAMPLES} bootstrap resamples per comparison) ${seconds(reportMs)}; JSON export ${seconds(jsonMs)} (${(json.length / 1024).toFixed(0)} KB) (load ${os.loadavg()[0]?.toFixed(2)})`,
    );
  }

  // With --url (a production server on BENCH_DATABASE_URL, open mode), the agreement page as a browser gets it.
  const serverUrl = stringOption("url");
  if (serverUrl) {
    for (let round = 1; round <= repeat; round += 1) {
      const started = performance.now();
      const response = await fetch(new URL(`/studies/${studyId}/agreement`, serverUrl));
      const html = await response.text();
      console.log(
        `round ${round}: GET /studies/{id}/agreement ${response.status} in ${seconds(performance.now() - started)} (${(html.length / 1024).toFixed(0)} KB HTML) (load ${os.loadavg()[0]?.toFixed(2)})`,
      );
    }
  }

  await pool.query(`DELETE FROM "Study" WHERE "id" = ANY($1)`, [studyIds]);
  await pool.query(`DELETE FROM "Bundle" WHERE "id" = $1`, [stored.bundleId]);
  await pool.end();
}

await main();
process.exit(0);
