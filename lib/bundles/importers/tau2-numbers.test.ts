import { describe, expect, it } from "vitest";
import { chunksOf } from "@/lib/testing/factories";
import { IssueCollector } from "../issues";
import { openBundle } from "../read-bundle";
import type { Trajectory } from "../schema";

/** A tau2 results file with one simulation; `simulation` fields replace the defaults. Numbers go in as text. */
function tau2Text(
  simulation: Record<string, string>,
  info = '{"environment_info": {"domain_name": "telecom"}}',
): string {
  const fields = {
    id: '"sim-1"',
    task_id: '"t1"',
    trial: "0",
    agent_cost: "0.25",
    user_cost: "0.125",
    duration: "2.5",
    reward_info: '{"reward": 1}',
    messages: `[
      {"role": "assistant", "content": null, "cost": 0.01,
       "tool_calls": [{"id": "c1", "name": "refuel", "arguments": {"gb_amount": 1e400, "ok": 2}}]},
      {"role": "tool", "id": "c1", "content": "{\\"balance\\": -1e999}"}
    ]`,
    ...simulation,
  };
  const body = Object.entries(fields)
    .map(([key, value]) => `"${key}": ${value}`)
    .join(", ");
  return `{"info": ${info}, "tasks": [{"id": "t1"}], "simulations": [{${body}}]}`;
}

async function read(text: string) {
  const issues = new IssueCollector();
  const opened = await openBundle(chunksOf(text, 64), issues, { fileName: "tau2.json" });
  const trajectories: Trajectory[] = [];
  if (opened)
    for await (const record of opened.records) if (record.kind === "trajectory") trajectories.push(record.value);
  return { trajectories, warnings: opened?.warnings ?? [], issues: issues.issues, header: opened?.header };
}

describe("tau2 numbers that make no sense", () => {
  it("stores a negative agent_cost as unknown with a located warning, and leaves the total unknown", async () => {
    const { trajectories, warnings, issues } = await read(tau2Text({ agent_cost: "-0.5", duration: "-1" }));
    expect(issues).toEqual([]);
    const [trajectory] = trajectories;
    expect(trajectory?.agentCostUsd).toBeUndefined();
    expect(trajectory?.costUsd).toBeUndefined();
    expect(trajectory?.userCostUsd).toBe(0.125);
    expect(trajectory?.durationMs).toBeUndefined();
    expect(warnings).toContain(
      "simulations[0].agent_cost is -0.5, not a finite number of at least 0: stored as unknown (n/a), not as 0",
    );
    expect(warnings).toContain(
      "simulations[0].duration is -1, not a finite number of at least 0: stored as unknown (n/a), not as 0",
    );
  });

  it("stores an overflowing user_cost and message cost as unknown, each named", async () => {
    const { trajectories, warnings } = await read(tau2Text({ user_cost: "1e400" }));
    expect(trajectories[0]?.userCostUsd).toBeUndefined();
    expect(trajectories[0]?.costUsd).toBeUndefined();
    expect(warnings).toContain(
      "simulations[0].user_cost is too large for a number (it overflows to infinity), not a finite number of at least 0: stored as unknown (n/a), not as 0",
    );
  });

  it("keeps 1e400 in tool arguments and outputs as its text, naming where", async () => {
    const { trajectories, warnings } = await read(tau2Text({}));
    const events = trajectories[0]?.events ?? [];
    expect(events[0]).toMatchObject({ kind: "tool_call", arguments: { gb_amount: "1e400", ok: 2 } });
    expect(events[1]).toMatchObject({ kind: "tool_result", output: { balance: "-1e999" } });
    expect(warnings).toContain(
      'simulations[0].messages[0].tool_calls[0].arguments.gb_amount is the number 1e400, beyond what a JSON number holds (it overflows to infinity): stored as the text "1e400" (2 values like it in all; the first is named)',
    );
  });

  it("refuses a cost or token count of the wrong type with a located issue", async () => {
    const { issues } = await read(tau2Text({ agent_cost: '"0.25"' }));
    expect(issues).toEqual([
      expect.objectContaining({
        path: "simulations[0].agent_cost",
        message: 'must be a finite number of at least 0; got "0.25"',
      }),
    ]);
  });

  it("warns for a negative message cost or a fractional token count, kept off the event", async () => {
    const messages = '[{"role": "assistant", "content": "hi", "cost": -2, "usage": {"prompt_tokens": 1.5}}]';
    const { trajectories, warnings } = await read(tau2Text({ messages }));
    expect(trajectories[0]?.events[0]?.costUsd).toBeUndefined();
    expect(trajectories[0]?.events[0]?.usage).toBeUndefined();
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^simulations\[0\]\.messages\[0\]\.cost is -2/),
        expect.stringMatching(/^simulations\[0\]\.messages\[0\]\.usage\.prompt_tokens is 1\.5/),
      ]),
    );
  });

  it("keeps 1e400 in the header's metadata as its text, naming where", async () => {
    const info = '{"environment_info": {"domain_name": "telecom"}, "agent_info": {"llm_args": {"temperature": 1e400}}}';
    const { header, warnings } = await read(tau2Text({}, info));
    expect(header?.runs[0]?.metadata).toMatchObject({ agentModelArgs: { temperature: "1e400" } });
    // Overflows share one warning line: the first path, then how many in all (two more in the tool call and result).
    expect(warnings).toContain(
      'info.agent_info.llm_args.temperature is the number 1e400, beyond what a JSON number holds (it overflows to infinity): stored as the text "1e400" (3 values like it in all; the first is named)',
    );
  });
});
