import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db/client";
import { readLeaderboardSlice } from "@/lib/db/leaderboard-summaries";
import { parseLeaderboardQuery } from "@/lib/presenters/leaderboard-query";
import { chunksOf, makeBundle, makeRun, makeTask, makeTrajectory, makeTurnPrediction } from "@/lib/testing/factories";
import { getLeaderboardPage } from "./get-leaderboard";
import { ensureLeaderboardSummaries, fillLeaderboardSummariesInBackground } from "./leaderboard-summaries";
import { ingestBundle } from "./ingest-bundle";
import { listRuns } from "./list-runs";
import { METRICS_VERSION } from "./get-run-metrics";

const WRONG_STATE = { refund_cents: 0, status: "open" };

/** One suite with four runs: wide (6 tasks, 5 succeed), mid (6 tasks, 3), tiny (1 task x 20 trials, all succeed), none (5 tasks, 0). */
async function ingestFourRuns(): Promise<{ suiteId: string; runIds: Record<string, string>; bundleId: string }> {
  const tasks = Array.from({ length: 6 }, (_, i) => makeTask({ id: `t${i}` }));
  const trajectories = [
    ...tasks.map((task, i) =>
      makeTrajectory({ run: "wide", task: task.id, trial: 1, ...(i === 5 ? { finalState: WRONG_STATE } : {}) }),
    ),
    ...tasks.map((task, i) =>
      makeTrajectory({ run: "mid", task: task.id, trial: 1, ...(i >= 3 ? { finalState: WRONG_STATE } : {}) }),
    ),
    ...Array.from({ length: 20 }, (_, trial) => makeTrajectory({ run: "tiny", task: "t0", trial: trial + 1 })),
    ...tasks
      .slice(0, 5)
      .map((task) => makeTrajectory({ run: "none", task: task.id, trial: 1, finalState: WRONG_STATE })),
  ];
  const bundle = makeBundle({
    tasks,
    runs: [
      makeRun({ id: "wide", name: "wide run", model: { name: "qwen3-14b", family: "qwen3", size: "14B" } }),
      makeRun({ id: "mid", name: "mid run", model: { name: "qwen3-4b", family: "qwen3", size: "4B" }, variant: "sft" }),
      makeRun({ id: "tiny", name: "tiny run", model: { name: "qwen3-4b", family: "qwen3", size: "4B" } }),
      makeRun({ id: "none", name: "none run", model: { name: "gemma3-12b", family: "gemma3", size: "12B" } }),
    ],
    trajectories,
    turnPredictions: [makeTurnPrediction({ run: "wide", task: "t0" })],
  });
  const result = await ingestBundle({ chunks: chunksOf(JSON.stringify(bundle)), fileName: "board.json" });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  const runs = await db().run.findMany({
    where: { bundleId: result.bundleId },
    select: { id: true, externalId: true, suiteId: true },
  });
  const suiteId = runs[0]?.suiteId ?? "";
  return {
    suiteId,
    bundleId: result.bundleId,
    runIds: Object.fromEntries(runs.map((run) => [run.externalId, run.id])),
  };
}

const names = (page: Awaited<ReturnType<typeof getLeaderboardPage>>) => page.entries.map((entry) => entry.run.name);

describe("leaderboard over lean rows", () => {
  it("fills one lean row per run with counts and sort values, refreshes stale versions, and drops them with the run", async () => {
    const { runIds, bundleId } = await ingestFourRuns();
    await ensureLeaderboardSummaries();
    const tiny = await db().leaderboardSummary.findUnique({ where: { runId: runIds.tiny ?? "" } });
    expect(tiny).toMatchObject({
      metricsVersion: METRICS_VERSION,
      tasks: 1,
      trajectories: 20,
      minTrials: 20,
      maxTrials: 20,
      turnPredictions: 0,
      modelSize: 4e9,
      hasGold: false,
      hasClosed: true,
    });
    expect(tiny?.sortValues).toMatchObject({ success: 1, rouge1: null });
    // 1 task x 20 trials: the interval of one task, not of twenty independent trials.
    const tinyMetrics = await getLeaderboardPage(parseLeaderboardQuery({ q: "tiny run", minTasks: "0" }));
    const cell = tinyMetrics.entries.find((e) => e.run.id === runIds.tiny)?.metrics.successRate;
    expect(cell?.effectiveN).toBe(1);
    expect(cell?.low).toBeCloseTo(0.206543, 5);

    await db().leaderboardSummary.update({
      where: { runId: runIds.wide ?? "" },
      data: { metricsVersion: METRICS_VERSION - 1, tasks: 99 },
    });
    await ensureLeaderboardSummaries();
    expect((await db().leaderboardSummary.findUnique({ where: { runId: runIds.wide ?? "" } }))?.tasks).toBe(6);

    // GET /api/runs reads the same counts from the lean rows.
    const listed = (await listRuns()).find((run) => run.id === runIds.tiny);
    expect(listed).toMatchObject({
      name: "tiny run",
      tasks: 1,
      trajectories: 20,
      minTrials: 20,
      maxTrials: 20,
      turnPredictions: 0,
    });

    await db().bundle.delete({ where: { id: bundleId } });
    expect(await db().leaderboardSummary.count({ where: { runId: { in: Object.values(runIds) } } })).toBe(0);
  });

  it("ranks by success rate, hides runs below 5 tasks with a count, and shows them on request", async () => {
    const { suiteId } = await ingestFourRuns();
    const board = await getLeaderboardPage(parseLeaderboardQuery({ suite: suiteId }));
    expect(names(board)).toEqual(["wide run", "mid run", "none run"]);
    expect(board.totals).toMatchObject({ matching: 3, hidden: 1, hasGold: true, hasClosed: true, hasProxy: false });
    expect(board.entries[0]?.run).toMatchObject({
      tasks: 6,
      trajectories: 6,
      minTrials: 1,
      maxTrials: 1,
      turnPredictions: 1,
    });
    const all = await getLeaderboardPage(parseLeaderboardQuery({ suite: suiteId, minTasks: "0" }));
    expect(names(all)).toEqual(["tiny run", "wide run", "mid run", "none run"]);
    expect(all.totals.hidden).toBe(0);
    const ascending = await getLeaderboardPage(parseLeaderboardQuery({ suite: suiteId, dir: "asc" }));
    expect(names(ascending)).toEqual(["none run", "mid run", "wide run"]);
  });

  it("sorts by run columns and metrics with n/a last, filters by family, variant and text, and pages in SQL", async () => {
    const { suiteId } = await ingestFourRuns();
    const query = (params: Record<string, string>) =>
      getLeaderboardPage(parseLeaderboardQuery({ suite: suiteId, minTasks: "0", ...params }));
    expect(names(await query({ sort: "model", dir: "asc" }))).toEqual(["none run", "wide run", "mid run", "tiny run"]);
    expect(names(await query({ sort: "size", dir: "desc" }))).toEqual(["wide run", "none run", "mid run", "tiny run"]);
    // Ties (wide and mid: 6 tasks) fall back to newest first, then the name.
    expect(names(await query({ sort: "tasks", dir: "asc" }))).toEqual(["tiny run", "none run", "mid run", "wide run"]);
    // Only "wide" has gold-history turns: the others are n/a and sort last both ways.
    expect(names(await query({ sort: "allTurn", dir: "asc" }))[0]).toBe("wide run");
    expect(names(await query({ sort: "allTurn", dir: "desc" }))[0]).toBe("wide run");
    const unknown = await query({ sort: "nosuchcolumn" });
    expect(unknown.sort).toBe("success");
    expect(names(await query({ family: "gemma3" }))).toEqual(["none run"]);
    expect(names(await query({ variant: "sft" }))).toEqual(["mid run"]);
    expect(names(await query({ q: "3-14B" }))).toEqual(["wide run"]);
    expect(names(await query({ q: "Gemma" }))).toEqual(["none run"]);
    // LIKE wildcards in the search text are literal.
    expect(names(await query({ q: "%" }))).toEqual([]);
    const { rows: second, totals } = await readLeaderboardSlice({
      suiteId,
      minTasks: 0,
      sort: { metric: "success" },
      dir: "desc",
      offset: 2,
      limit: 2,
    });
    expect(second.map((row) => row.name)).toEqual(["mid run", "none run"]);
    expect(totals.matching).toBe(4);
    // A page past the end still carries the totals.
    const past = await readLeaderboardSlice({
      suiteId,
      minTasks: 0,
      sort: { metric: "success" },
      dir: "desc",
      offset: 40,
      limit: 2,
    });
    expect(past).toEqual({ totals, rows: [] });
    const beyond = await getLeaderboardPage(parseLeaderboardQuery({ suite: suiteId, page: "9" }));
    expect(beyond.page).toBe(1);
  });
});

/** Three runs with names no other test of this file uses (the file's database keeps every test's runs). */
async function ingestNamedRuns(): Promise<{ tag: string; ids: string[] }> {
  const tag = `pending-${Math.random().toString(36).slice(2, 10)}`;
  const names = ["a", "b", "c"].map((letter) => `${tag} ${letter}`);
  const tasks = [makeTask({ id: "t0" }), makeTask({ id: "t1" })];
  const bundle = makeBundle({
    tasks,
    runs: names.map((name, i) => makeRun({ id: `r${i}`, name })),
    trajectories: names.flatMap((_, i) =>
      tasks.map((task) => makeTrajectory({ run: `r${i}`, task: task.id, trial: 1 })),
    ),
    turnPredictions: [],
  });
  const result = await ingestBundle({ chunks: chunksOf(JSON.stringify(bundle)), fileName: `${tag}.json` });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  return { tag, ids: result.runs.map((run) => run.id) };
}

describe("lean rows missing for more runs than a request computes", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("answers at once with the pending count and fills the rows in the background", async () => {
    const { tag, ids } = await ingestNamedRuns();
    vi.stubEnv("LOOPSCOPE_SUMMARIES_IN_REQUEST", "1");
    const query = parseLeaderboardQuery({ q: tag, minTasks: "0" });
    const during = await getLeaderboardPage(query);
    expect(during.pendingSummaries).toBeGreaterThanOrEqual(3);
    // The fill writes rows meanwhile; the page's "n of N runs" never says more listed than there are.
    expect(during.facets.totalRuns).toBeGreaterThanOrEqual(during.totals.matching + during.totals.hidden);

    await fillLeaderboardSummariesInBackground();
    const after = await getLeaderboardPage(query);
    expect(after.pendingSummaries).toBe(0);
    expect(after.entries.map((entry) => entry.run.id).sort()).toEqual([...ids].sort());
  });

  it("does not show a lean row of an older metrics version while it is recomputed", async () => {
    const { tag, ids } = await ingestNamedRuns();
    await ensureLeaderboardSummaries();
    await db().leaderboardSummary.update({
      where: { runId: ids[0] ?? "" },
      data: { metricsVersion: METRICS_VERSION - 1, tasks: 99 },
    });
    const params = {
      q: tag,
      minTasks: 0,
      sort: { column: "model" as const },
      dir: "asc" as const,
      offset: 0,
      limit: 25,
    };
    const current = await readLeaderboardSlice({ ...params, metricsVersion: METRICS_VERSION });
    expect(current.rows.map((row) => row.id).sort()).toEqual([ids[1], ids[2]].sort());
    expect(current.totals.matching).toBe(2);
  });

  it("computes a few missing rows inside the request, as before", async () => {
    const { tag, ids } = await ingestNamedRuns();
    await ensureLeaderboardSummaries();
    await db().leaderboardSummary.delete({ where: { runId: ids[2] ?? "" } });
    vi.stubEnv("LOOPSCOPE_SUMMARIES_IN_REQUEST", "1");
    const page = await getLeaderboardPage(parseLeaderboardQuery({ q: tag, minTasks: "0" }));
    expect(page.pendingSummaries).toBe(0);
    expect(page.entries.map((entry) => entry.run.id).sort()).toEqual([...ids].sort());
  });
});
