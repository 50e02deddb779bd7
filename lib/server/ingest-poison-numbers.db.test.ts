import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { chunksOf } from "@/lib/testing/factories";
import { ingestBundle } from "./ingest-bundle";

/** A tau2 results file, written as text so it can hold what JSON.stringify cannot: a negative cost and 1e400. */
const TAU2_FILE = `{
  "info": {"environment_info": {"domain_name": "telecom"}, "agent_info": {"llm": "gpt-4.1"}},
  "tasks": [{"id": "t1"}],
  "simulations": [{
    "id": "sim-poison", "task_id": "t1", "trial": 0, "termination_reason": "user_stop",
    "agent_cost": -0.5, "user_cost": 0.125, "duration": 2.5, "reward_info": {"reward": 1},
    "messages": [
      {"role": "user", "content": "Add data."},
      {"role": "assistant", "content": null,
       "tool_calls": [{"id": "c1", "name": "refuel_data", "arguments": {"gb_amount": 1e400}}]},
      {"role": "tool", "id": "c1", "content": "{\\"ok\\": true}"}
    ]
  }]
}`;

describe("a tau2 upload with a negative cost and 1e400 in tool arguments", () => {
  it("is stored with both named in warnings: the cost unknown (not 0), the number as its text", async () => {
    const result = await ingestBundle({ chunks: chunksOf(TAU2_FILE, 100), fileName: "poison-numbers.json" });
    expect(result).toMatchObject({ kind: "stored" });
    if (result.kind !== "stored") return;
    const costWarning =
      "simulations[0].agent_cost is -0.5, not a finite number of at least 0: stored as unknown (n/a), not as 0";
    const numberWarning =
      'simulations[0].messages[1].tool_calls[0].arguments.gb_amount is the number 1e400, beyond what a JSON number holds (it overflows to infinity): stored as the text "1e400"';
    expect(result.warnings).toEqual(expect.arrayContaining([costWarning, numberWarning]));

    const runId = result.runs[0]?.id ?? "";
    const trajectory = await db().trajectory.findFirstOrThrow({
      where: { runId },
      select: { agentCostUsd: true, userCostUsd: true, costUsd: true, durationMs: true },
    });
    expect(trajectory).toEqual({ agentCostUsd: null, userCostUsd: 0.125, costUsd: null, durationMs: 2500 });
    const call = await db().event.findFirstOrThrow({
      where: { runId, kind: "tool_call" },
      select: { arguments: true },
    });
    expect(call.arguments).toEqual({ gb_amount: "1e400" });
    const bundle = await db().bundle.findFirstOrThrow({ where: { runs: { some: { id: runId } } } });
    expect(bundle.warnings).toEqual(expect.arrayContaining([costWarning, numberWarning]));
  });
});
