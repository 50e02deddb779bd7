import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { SCORES_VERSION } from "@/lib/metrics";
import { chunksOf, uniqueId } from "@/lib/testing/factories";
import { makeTau2VerdictDocument } from "@/lib/testing/tau2-verdict-fixture";
import { getRunMetrics } from "./get-run-metrics";
import { ingestBundle } from "./ingest-bundle";
import { rescoreRun } from "./rescore-run";

async function ingestTau2(): Promise<string> {
  const result = await ingestBundle({
    chunks: chunksOf(JSON.stringify(makeTau2VerdictDocument(uniqueId("rescore")))),
    fileName: "results.json",
  });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  return result.runs[0]?.id ?? "";
}

function storedScores(runId: string) {
  return db().trajectory.findMany({
    where: { runId },
    orderBy: { trial: "asc" },
    select: {
      trial: true,
      reward: true,
      success: true,
      replyCheck: true,
      toolErrorCount: true,
      unresolvedToolErrorCount: true,
      userTurns: true,
    },
  });
}

describe("tau2 definitions at ingest and rescoring", () => {
  it("stores tau2's verdicts: communicate rule, reward_info null = failure, one recovery rule", async () => {
    const runId = await ingestTau2();
    expect(await storedScores(runId)).toEqual([
      {
        trial: 0,
        reward: 0,
        success: false,
        replyCheck: true,
        toolErrorCount: 1,
        unresolvedToolErrorCount: 0,
        userTurns: 3,
      },
      {
        trial: 1,
        reward: null,
        success: false,
        replyCheck: true,
        toolErrorCount: 1,
        unresolvedToolErrorCount: 0,
        userTurns: 3,
      },
    ]);
    const run = await db().run.findUniqueOrThrow({ where: { id: runId }, select: { scoresVersion: true } });
    expect(run.scoresVersion).toBe(SCORES_VERSION);
    const metrics = await getRunMetrics(runId);
    // tau2 counts the simulation without reward_info as a failure but leaves it out of the mean reward.
    expect(metrics.successRate).toMatchObject({ successes: 0, n: 2, value: 0 });
    expect(metrics.meanReward).toBe(0);
  });

  it("recomputes stale stored scores lazily on the first metrics read, and on demand", async () => {
    const runId = await ingestTau2();
    await db().trajectory.updateMany({
      where: { runId },
      data: { success: null, replyCheck: false, unresolvedToolErrorCount: 7, firstErrorPosition: null },
    });
    await db().run.update({ where: { id: runId }, data: { scoresVersion: 1 } });
    const metrics = await getRunMetrics(runId);
    expect(metrics.successRate).toMatchObject({ successes: 0, n: 2 });
    const rows = await storedScores(runId);
    expect(rows.map((row) => [row.success, row.replyCheck, row.unresolvedToolErrorCount])).toEqual([
      [false, true, 0],
      [false, true, 0],
    ]);
    const run = await db().run.findUniqueOrThrow({
      where: { id: runId },
      select: { scoresVersion: true, metricsCache: true },
    });
    expect(run.scoresVersion).toBe(SCORES_VERSION);
    expect(run.metricsCache).not.toBeNull();
    expect(await rescoreRun(runId)).toBe(2);
    const after = await db().run.findUniqueOrThrow({ where: { id: runId }, select: { metricsCache: true } });
    expect(after.metricsCache).toBeNull();
  });
});
