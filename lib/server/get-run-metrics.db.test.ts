import { describe, expect, it } from "vitest";
import { chunksOf, makeBundle, makeTrajectory, makeTurnPrediction } from "@/lib/testing/factories";
import { makeSeed002Bundle } from "@/lib/testing/seed-002-bundle";
import { ingestBundle } from "./ingest-bundle";
import { getRunMetrics } from "./get-run-metrics";
import { GET } from "@/app/api/runs/[id]/metrics/route";

async function ingestRun(bundle: object): Promise<string> {
  const result = await ingestBundle({ chunks: chunksOf(JSON.stringify(bundle)), fileName: "m.json" });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  return result.runs[0]?.id ?? "";
}

describe("run metrics from the database", () => {
  it("reproduces seed 002's worked example from ingested traces", async () => {
    const runId = await ingestRun(makeSeed002Bundle());
    const metrics = await getRunMetrics(runId);
    expect(metrics.successRate).toMatchObject({ successes: 3, n: 6, value: 0.5 });
    expect(metrics.passHatK[1]).toBeCloseTo(0.5, 12);
    expect(metrics.passHatK[2]).toBeCloseTo(1 / 6, 12);
    expect(metrics.recovery).toMatchObject({ errorTrajectories: 2, recovered: 1, rate: 0.5 });
    expect(metrics.turnLimitRate).toMatchObject({ rate: 1 / 6 });
    expect(metrics.stopReasons).toEqual({ finished: 5, turn_limit: 1 });
    expect(metrics.passHatK[4]).toBeUndefined();
  });

  it("serves the metrics API with nulls for undefined values and caches the result", async () => {
    const runId = await ingestRun(
      makeBundle({
        turnPredictions: [
          makeTurnPrediction({
            kind: "tool",
            reference: { toolCall: { name: "refund", arguments: { cents: 2500 } } },
            prediction: { toolCall: { name: "refund", arguments: { cents: 2500.0 } } },
          }),
        ],
      }),
    );
    const response = await GET(new Request(`http://test/api/runs/${runId}/metrics`), {
      params: Promise.resolve({ id: runId }),
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    for (const key of [
      "trajectories",
      "tasks",
      "trialsPerTask",
      "meanReward",
      "successRate",
      "passHatK",
      "passAtK",
      "stopReasons",
      "turnLimitRate",
      "recovery",
      "toolWorkflowCompletion",
      "holisticSuccess",
      "goldHistory",
      "proxyState",
      "strata",
      "errorPropagation",
    ]) {
      expect(body).toHaveProperty(key);
    }
    expect(body.meanReward).toBeNull();
    expect(body.goldHistory).toMatchObject({
      exactCallAccuracy: 1,
      argumentF1: 1,
      toolTurns: 1,
      textTurns: 0,
      rouge1F1: null,
    });
    expect(body.holisticSuccess).toMatchObject({ eligible: 0, rate: null });
    const again = await getRunMetrics(runId);
    expect(again).toEqual(body);
  });

  it("answers 404 for an unknown run", async () => {
    const response = await GET(new Request("http://test/api/runs/nope/metrics"), {
      params: Promise.resolve({ id: "nope" }),
    });
    expect(response.status).toBe(404);
  });

  it("keeps pass^k beyond the smallest trial count unavailable", async () => {
    const runId = await ingestRun(
      makeBundle({ trajectories: [makeTrajectory({ trial: 1 }), makeTrajectory({ trial: 2 })] }),
    );
    const metrics = await getRunMetrics(runId);
    expect(metrics.passHatK[2]).toBe(1);
    expect(metrics.trialsPerTask).toEqual({ min: 2, max: 2 });
  });
});
