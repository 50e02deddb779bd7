import { createReadStream } from "node:fs";
import { describe, expect, it } from "vitest";
import { REAL_DATA_DIR, REAL_DATA_SKIP_REASON, realDataFile } from "@/lib/testing/real-data";
import { db } from "@/lib/db/client";
import { ingestBundle } from "./ingest-bundle";
import { computeRunMetricsResponse } from "./get-run-metrics";

interface Expected {
  file: string;
  format: string;
  tasks: number;
  trials: number;
  meanReward: number;
  passHatK: Record<number, number | null>;
  stopReasons: Record<string, number>;
  messagesPerTrajectory: number;
  agentToolCalls: number;
  userToolCalls: number;
  errorResults: number;
  toolResults: number;
  errorTrajectories?: number;
  /** The check-only verdict beside the reward, from tau2's own `communicate_checks` in the file. */
  stateCheck?: { count: number; eligible: number; rate: number };
}

// Figures from ../shared/data/real/README.md, computed there by the benchmarks' own code.
const FILES: Expected[] = [
  {
    file: "gpt-4o-airline.json",
    format: "tau-bench",
    tasks: 50,
    trials: 4,
    meanReward: 0.42,
    passHatK: { 1: 0.42, 2: 0.2733333333333333, 3: 0.22, 4: 0.2 },
    stopReasons: { user_stop: 147, transfer_to_human: 48, max_steps: 5 },
    messagesPerTrajectory: 26.54,
    agentToolCalls: 5.82,
    userToolCalls: 0,
    errorResults: 73,
    toolResults: 1164,
    errorTrajectories: 36,
  },
  {
    file: "gpt-4.1-2025-04-14_telecom_no-user_gpt-4.1-2025-04-14_4trials_5tasks.json",
    format: "tau2",
    tasks: 5,
    trials: 4,
    meanReward: 0.8,
    passHatK: { 1: 0.8, 2: 0.8, 3: 0.8, 4: 0.8 },
    stopReasons: { agent_stop: 20 },
    messagesPerTrajectory: 20.2,
    agentToolCalls: 9.6,
    userToolCalls: 0,
    errorResults: 0,
    toolResults: 192,
  },
  {
    file: "2025-10-13T11:40:16.379079_airline_llm_agent_grok-3_user_simulator_grok-3.json",
    format: "tau2",
    tasks: 4,
    trials: 4,
    meanReward: 0.4375,
    passHatK: { 1: 0.4375, 2: 0.25, 3: 0.25, 4: 0.25 },
    stopReasons: { user_stop: 16 },
    messagesPerTrajectory: 21.125,
    agentToolCalls: 5.1875,
    userToolCalls: 0,
    errorResults: 0,
    toolResults: 83,
    // Only task 11 requires a reply string ("5244"); tau2 found it in trial 0 of its 4 trials.
    stateCheck: { count: 1, eligible: 4, rate: 0.25 },
  },
  {
    file: "2025-08-10T02:44:06.496849_telecom_llm_agent_gpt-4o_user_simulator_gpt-4o.json",
    format: "tau2",
    tasks: 20,
    trials: 1,
    meanReward: 0.7,
    passHatK: { 1: 0.7 },
    stopReasons: { user_stop: 20 },
    messagesPerTrajectory: 35.75,
    agentToolCalls: 4.5,
    userToolCalls: 6.25,
    errorResults: 1,
    toolResults: 215,
  },
];

async function ingestRealFile(file: string) {
  const result = await ingestBundle({ chunks: createReadStream(realDataFile(file)), fileName: file });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result).slice(0, 2000));
  return result;
}

describe.skipIf(!REAL_DATA_DIR).each(FILES)(
  REAL_DATA_DIR ? "real file $file" : `real file $file (skipped: ${REAL_DATA_SKIP_REASON})`,
  (expected) => {
    it("ingests unchanged and reproduces the benchmark's own figures", async () => {
      const stored = await ingestRealFile(expected.file);
      expect(stored.format).toBe(expected.format);
      const runId = stored.runs[0]?.id ?? "";
      const metrics = await computeRunMetricsResponse(runId);
      expect(metrics.tasks).toBe(expected.tasks);
      expect(metrics.trialsPerTask).toEqual({ min: expected.trials, max: expected.trials });
      expect(metrics.meanReward).toBeCloseTo(expected.meanReward, 9);
      for (const [k, value] of Object.entries(expected.passHatK))
        expect(metrics.passHatK[Number(k)]).toBeCloseTo(value ?? Number.NaN, 9);
      expect(metrics.passHatK[expected.trials + 1] ?? null).toBeNull();
      expect(metrics.stopReasons).toEqual(expected.stopReasons);
      if (expected.stateCheck) expect(metrics.stateCheck).toEqual(expected.stateCheck);

      const trajectories = await db().trajectory.findMany({
        where: { runId },
        select: { id: true, toolCallCount: true, userToolCallCount: true, toolErrorCount: true },
      });
      const n = trajectories.length;
      expect(n).toBe(expected.tasks * expected.trials);
      const messages = await db().$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(DISTINCT ("trajectoryId", "sourceMessage"))::int AS n FROM "Event" WHERE "runId" = $1`,
        runId,
      );
      expect((messages[0]?.n ?? 0) / n).toBeCloseTo(expected.messagesPerTrajectory, 2);
      expect(trajectories.reduce((sum, t) => sum + t.toolCallCount, 0) / n).toBeCloseTo(expected.agentToolCalls, 2);
      expect(trajectories.reduce((sum, t) => sum + t.userToolCallCount, 0) / n).toBeCloseTo(expected.userToolCalls, 2);
      const results = await db().event.groupBy({
        by: ["isError"],
        where: { runId, kind: "tool_result" },
        _count: { _all: true },
      });
      const errors = results.find((r) => r.isError)?._count._all ?? 0;
      expect(errors).toBe(expected.errorResults);
      expect(results.reduce((sum, r) => sum + r._count._all, 0)).toBe(expected.toolResults);
      if (expected.errorTrajectories !== undefined)
        expect(trajectories.filter((t) => t.toolErrorCount > 0)).toHaveLength(expected.errorTrajectories);
    });
  },
);

it.skipIf(!REAL_DATA_DIR)(
  REAL_DATA_DIR
    ? "reports the second upload of a real file as a duplicate"
    : `reports the second upload of a real file as a duplicate (skipped: ${REAL_DATA_SKIP_REASON})`,
  async () => {
    const file = FILES[1]?.file ?? "";
    await ingestRealFile(file).catch(() => undefined);
    const again = await ingestRealFile(file);
    expect(again.duplicate).toBe(true);
  },
);
