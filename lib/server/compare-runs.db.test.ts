import { describe, expect, it } from "vitest";
import { makePairedBundle } from "@/e2e/compare-fixtures/make-paired-bundle";
import { chunksOf, makeBundle, makeRun, makeTask, makeTrajectory, uniqueId } from "@/lib/testing/factories";
import { GET } from "@/app/api/compare/route";
import { loadComparison } from "./compare-runs";
import { findPairedRuns } from "./compare-pairs";
import { getTaskTimelines } from "./compare-task-timelines";
import { ingestBundle } from "./ingest-bundle";

/** The comparison whatever the runs' suites (the page's explicit opt-in), as the page and the exports load it. */
async function compareRuns(runIds: string[]) {
  const { comparison } = await loadComparison(runIds, { crossSuite: true });
  if (!comparison) throw new Error("loadComparison refused with crossSuite on");
  return comparison;
}

async function ingestRuns(bundle: object): Promise<Map<string, string>> {
  const result = await ingestBundle({ chunks: chunksOf(JSON.stringify(bundle)), fileName: "compare.json" });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  return new Map(result.runs.map((run) => [run.name, run.id]));
}

async function ingestPair(
  options: Parameters<typeof makePairedBundle>[0] = {},
): Promise<{ base: string; sft: string; pairingKey: string }> {
  const pairingKey = options.pairingKey ?? uniqueId("qwen3-4b");
  const ids = await ingestRuns(makePairedBundle({ ...options, pairingKey }));
  return { base: ids.get(`${pairingKey} base`) ?? "", sft: ids.get(`${pairingKey} sft`) ?? "", pairingKey };
}

describe("compareRuns on two ingested runs", () => {
  it("computes transitions, McNemar, success and gold-history deltas, and warns on a different judge version", async () => {
    const { base, sft } = await ingestPair({ sftJudgeVersion: "2" });
    const comparison = await compareRuns([base, sft]);
    const pair = comparison.pairs[0];
    expect(pair?.paired.transitions).toEqual({ bothPass: 1, onlyA: 1, onlyB: 2, bothFail: 0 });
    expect(pair?.paired.mcnemarP).toBe(1);
    expect(pair?.paired.meanDifference).toBeCloseTo(0.25, 12);
    expect(pair).toMatchObject({ sharedTasks: 4, baselineOnlyTasks: 0, candidateOnlyTasks: 0 });
    // Base p = 1, 0, 1, 0: no trial-to-trial variation, so any difference is beyond the (zero) noise floor.
    expect(pair?.noiseNote).toEqual({ singleTrial: false, withinNoise: false });
    expect(pair?.warnings).toEqual([
      "Different judges: judge-llm 1 (baseline) vs judge-llm 2. Judge-based metrics may not be comparable.",
    ]);

    const success = comparison.protocolRows.find((row) => row.key === "successRate");
    expect(success?.values).toEqual([0.5, 0.75]);
    expect(success?.deltas[1]?.delta).toBeCloseTo(0.25, 12);
    const turns = comparison.protocolRows.find((row) => row.key === "allTurnSuccess");
    expect(turns?.values).toEqual([0.25, 1]);
    expect(turns?.deltas[1]?.delta).toBeCloseTo(0.75, 12);
    expect(comparison.protocolRows.map((row) => row.key)).toContain("passHatK2");

    expect(comparison.tasks.map((task) => [task.taskId, task.transition])).toEqual([
      ["task-1", "bothPass"],
      ["task-2", "fixed"],
      ["task-3", "broken"],
      ["task-4", "fixed"],
    ]);
    expect(comparison.gain.points).toHaveLength(1);
    expect(comparison.gain.points[0]?.goldDelta).toBeCloseTo(0.75, 12);
    expect(comparison.gain.points[0]?.closedDelta).toBeCloseTo(0.25, 12);
    expect(comparison.gain.suitePairsHref).toBeNull();
  });

  it("compares only shared tasks across suites and says how many were left out", async () => {
    const { base } = await ingestPair();
    const other = await ingestRuns(
      makeBundle({
        tasks: [makeTask({ id: "task-1" }), makeTask({ id: "task-2" }), makeTask({ id: "task-9" })],
        runs: [makeRun({ id: "other", name: "other-suite run", pairingKey: undefined })],
        trajectories: ["task-1", "task-2", "task-9"].map((task) => makeTrajectory({ run: "other", task })),
        turnPredictions: [],
      }),
    );
    const comparison = await compareRuns([base, other.get("other-suite run") ?? ""]);
    expect(comparison.pairs[0]).toMatchObject({ sharedTasks: 2, baselineOnlyTasks: 2, candidateOnlyTasks: 1 });
    expect(comparison.pairs[0]?.warnings.some((w) => w.startsWith("Different suites"))).toBe(true);
    expect(comparison.tasks.map((task) => task.taskId)).toEqual(["task-1", "task-2"]);
  });

  it("finds the paired run and builds the run-page link base first", async () => {
    const { base, sft } = await ingestPair();
    expect(await findPairedRuns(sft)).toEqual([
      { runId: base, variant: "base", sameSuite: true, href: `/compare?runs=${base},${sft}` },
    ]);
    expect((await findPairedRuns(base))[0]?.href).toBe(`/compare?runs=${base},${sft}`);
  });

  it("offers all pairs of the suite when only one pair is compared", async () => {
    const suiteName = uniqueId("shared-suite");
    const first = await ingestPair({ suiteName });
    const second = await ingestPair({ suiteName });
    const comparison = await compareRuns([first.base, first.sft]);
    const href = comparison.gain.suitePairsHref ?? "";
    expect(href.startsWith("/compare?runs=")).toBe(true);
    expect(href.split("=")[1]?.split(",").sort()).toEqual([first.base, first.sft, second.base, second.sft].sort());
  });

  it("aligns one trial of a task from each run and marks the first divergence at the refund call", async () => {
    const { base, sft } = await ingestPair();
    const timelines = await getTaskTimelines({ runIds: [base, sft], taskId: "task-2", trialA: 1, trialB: 1 });
    expect(timelines.sides.map((side) => side.trial.success)).toEqual([false, true]);
    // Rows are grouped by user turns, so the index is wherever the refund call falls: what matters is that it diverges there.
    const divergence = timelines.alignment.firstDivergence;
    expect(divergence).not.toBeNull();
    expect(timelines.alignment.rows[divergence ?? -1]?.a?.summary).toBe('{"cents":250,"order_id":"task-2"}');
  });

  it("exports the tables through GET /api/compare", async () => {
    const { base, sft } = await ingestPair();
    const response = await GET(new Request(`http://test/api/compare?runs=${base},${sft}&table=tasks&format=csv`), {
      params: Promise.resolve({}),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe("task-2,0,1,1,fixed");
    const bad = await GET(new Request(`http://test/api/compare?runs=${base}&table=tasks&format=csv`), {
      params: Promise.resolve({}),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ issues: [{ path: "query.runs" }] });
    const missing = await GET(new Request(`http://test/api/compare?runs=${base},nope&table=protocol&format=md`), {
      params: Promise.resolve({}),
    });
    expect(missing.status).toBe(404);
  });
});
