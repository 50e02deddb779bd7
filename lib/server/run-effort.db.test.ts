import { createReadStream, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chunksOf, uniqueId } from "@/lib/testing/factories";
import { REAL_DATA_DIR, REAL_DATA_SKIP_REASON, realDataFile } from "@/lib/testing/real-data";
import { makeTau2Results, tasksFrom } from "@/lib/testing/tau2-results";
import { GET as getMetrics } from "@/app/api/runs/[id]/metrics/route";
import { ingestBundle } from "./ingest-bundle";
import { computeRunMetricsResponse } from "./get-run-metrics";
import { getSuiteCostSuccess } from "./get-suite-cost-success";

async function storedRunId(chunks: AsyncIterable<Uint8Array>, fileName: string): Promise<string> {
  const result = await ingestBundle({ chunks, fileName });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result).slice(0, 1000));
  const run = result.runs[0];
  if (!run) throw new Error("no run");
  return run.id;
}

describe("cost and effort in the metrics API", () => {
  it("keeps tau2's agent and user cost apart and reports mean and total per trajectory", async () => {
    const model = uniqueId("effort").toLowerCase();
    // Two tasks x two trials; every simulation: agent 0.04, user 0.02, 8 s, 6 messages, 1 agent tool call.
    const document = makeTau2Results({
      domain: "airline",
      model: model,
      tasks: tasksFrom("eff", ["10", "11"]),
      agentCost: 0.04,
      duration: 8,
    });
    const runId = await storedRunId(chunksOf(JSON.stringify(document)), `${model}.json`);
    const response = await getMetrics(new Request(`http://test/api/runs/${runId}/metrics`), {
      params: Promise.resolve({ id: runId }),
    });
    expect(response.status).toBe(200);
    const { effort } = (await response.json()) as Awaited<ReturnType<typeof computeRunMetricsResponse>>;
    expect(effort.trajectories).toBe(4);
    expect(effort.agentCostUsd.mean).toBeCloseTo(0.04, 12);
    expect(effort.agentCostUsd.total).toBeCloseTo(0.16, 12);
    expect(effort.userCostUsd.mean).toBeCloseTo(0.02, 12);
    expect(effort.userCostUsd.total).toBeCloseTo(0.08, 12);
    expect(effort.costUsd.total).toBeCloseTo(0.24, 12);
    expect(effort.durationMs).toEqual({ mean: 8000, total: 32000, n: 4 });
    expect(effort.messages).toEqual({ mean: 6, total: 24, n: 4 });
    expect(effort.agentToolCalls).toEqual({ mean: 1, total: 4, n: 4 });
    expect(effort.userToolCalls).toEqual({ mean: 0, total: 0, n: 4 });
  });

  it("places a suite's runs by cost and success and marks the Pareto frontier", async () => {
    const model = uniqueId("pareto").toLowerCase();
    const domain = uniqueId("paretodomain").toLowerCase();
    const cheap = await storedRunId(
      chunksOf(
        JSON.stringify(
          makeTau2Results({ domain, model: `${model}-a`, tasks: tasksFrom("p", ["10", "00"]), agentCost: 0.01 }),
        ),
      ),
      "a.json",
    );
    const better = await storedRunId(
      chunksOf(
        JSON.stringify(
          makeTau2Results({ domain, model: `${model}-b`, tasks: tasksFrom("p", ["11", "10"]), agentCost: 0.02 }),
        ),
      ),
      "b.json",
    );
    const dominated = await storedRunId(
      chunksOf(
        JSON.stringify(
          makeTau2Results({ domain, model: `${model}-c`, tasks: tasksFrom("p", ["10", "10"]), agentCost: 0.03 }),
        ),
      ),
      "c.json",
    );
    const { db } = await import("@/lib/db/client");
    const run = await db().run.findUniqueOrThrow({ where: { id: cheap }, select: { suiteId: true } });
    const chart = await getSuiteCostSuccess(run.suiteId, "agent");
    expect(chart.points.map((point) => [point.id, point.cost, point.success, point.onFrontier])).toEqual([
      [cheap, 0.01, 25, true],
      [better, 0.02, 75, true],
      [dominated, 0.03, 50, false],
    ]);
  });
});

describe("a cost recorded as $0 beside tokens used", () => {
  it("is unknown in the metrics and off the cost-vs-success chart (the ft: tau2 file: agent_cost 0.0, unpriced)", async () => {
    const model = `ft:gpt-4.1:${uniqueId("org").toLowerCase()}`;
    const domain = uniqueId("ftdomain").toLowerCase();
    const document = makeTau2Results({ domain, model, tasks: tasksFrom("ft", ["11", "10"]), agentCost: 0.02 });
    // As tau2 writes it for a model LiteLLM cannot price: agent_cost 0.0 and per-message cost 0, tokens recorded.
    for (const simulation of document.simulations) {
      simulation.agent_cost = 0;
      for (const message of simulation.messages as Record<string, unknown>[]) {
        if (message.role === "assistant")
          Object.assign(message, { cost: 0, usage: { prompt_tokens: 300, completion_tokens: 20 } });
        if (message.role === "user")
          Object.assign(message, { cost: 0.005, usage: { prompt_tokens: 100, completion_tokens: 10 } });
      }
    }
    const ft = await storedRunId(chunksOf(JSON.stringify(document)), "ft.json");
    const priced = await storedRunId(
      chunksOf(
        JSON.stringify(makeTau2Results({ domain, model: `${model}-base`, tasks: tasksFrom("ft", ["10", "00"]) })),
      ),
      "base.json",
    );
    const { effort } = await computeRunMetricsResponse(ft);
    expect(effort.agentCostUsd).toMatchObject({ mean: null, total: null, n: 0 });
    expect(effort.agentCostUsd.unknownReason).toMatch(/tokens were used/);
    expect(effort.costUsd.mean).toBeNull();
    // The user simulator was priced: its cost stands.
    expect(effort.userCostUsd.total).toBeCloseTo(0.04, 12);
    const { db } = await import("@/lib/db/client");
    const run = await db().run.findUniqueOrThrow({ where: { id: ft }, select: { suiteId: true } });
    for (const basis of ["agent", "total"] as const) {
      const chart = await getSuiteCostSuccess(run.suiteId, basis);
      expect(chart.points.map((point) => point.id)).toEqual([priced]);
      expect(chart.missing.find((entry) => entry.id === ft)?.reason).toMatch(/^cost unknown/);
    }
  });
});

describe.skipIf(!REAL_DATA_DIR)(
  REAL_DATA_DIR ? "effort of the real tau2 files" : `effort of the real tau2 files: skipped, ${REAL_DATA_SKIP_REASON}`,
  () => {
    // Reference figures from ../shared/data/real/README.md (computed by tau2's own code).
    const FILES = [
      {
        file: "gpt-4.1-2025-04-14_telecom_no-user_gpt-4.1-2025-04-14_4trials_5tasks.json",
        messages: 20.2,
        agentCalls: 9.6,
        userCalls: 0,
        trajectories: 20,
      },
      {
        file: "2025-10-13T11:40:16.379079_airline_llm_agent_grok-3_user_simulator_grok-3.json",
        messages: 21.125,
        agentCalls: 5.1875,
        userCalls: 0,
        trajectories: 16,
      },
      {
        file: "2025-08-10T02:44:06.496849_telecom_llm_agent_gpt-4o_user_simulator_gpt-4o.json",
        messages: 35.75,
        agentCalls: 4.5,
        userCalls: 6.25,
        trajectories: 20,
      },
    ];
    it.each(FILES)("$file: messages, tool calls and recorded costs per trajectory", async (expected) => {
      const runId = await storedRunId(createReadStream(realDataFile(expected.file)), expected.file);
      const { effort } = await computeRunMetricsResponse(runId);
      expect(effort.trajectories).toBe(expected.trajectories);
      expect(effort.messages.mean).toBeCloseTo(expected.messages, 9);
      expect(effort.agentToolCalls.mean).toBeCloseTo(expected.agentCalls, 9);
      expect(effort.userToolCalls.mean).toBeCloseTo(expected.userCalls, 9);
      // The cost split as the file records it, summed here straight from the JSON.
      const raw = JSON.parse(readFileSync(realDataFile(expected.file), "utf8")) as {
        simulations: { agent_cost: number; user_cost: number }[];
      };
      const agent = raw.simulations.reduce((sum, simulation) => sum + simulation.agent_cost, 0);
      const user = raw.simulations.reduce((sum, simulation) => sum + simulation.user_cost, 0);
      expect(effort.agentCostUsd.total).toBeCloseTo(agent, 9);
      expect(effort.userCostUsd.total).toBeCloseTo(user, 9);
      expect(effort.costUsd.total).toBeCloseTo(agent + user, 9);
      expect(effort.agentCostUsd.n).toBe(expected.trajectories);
    });

    it("the tau2 leaderboard submission gpt-oss-120b (agent and user cost 0.0 or null, tokens recorded): cost unknown", async () => {
      const file =
        "tau2-submission/gpt-oss-120b_openai_2025-11-26/trajectories/langchain_agent_airline_2025-11-26_00-37-06.json";
      const runId = await storedRunId(createReadStream(realDataFile(file)), "langchain_agent_airline.json");
      const { effort } = await computeRunMetricsResponse(runId);
      expect(effort.trajectories).toBe(50);
      for (const figure of [effort.agentCostUsd, effort.userCostUsd, effort.costUsd]) {
        expect(figure).toMatchObject({ mean: null, total: null, n: 0 });
        expect(figure.unknownReason).toBeDefined();
      }
    });
  },
);
