import { describe, expect, it } from "vitest";
import { BundleDocumentSchema } from "../schema";
import { FieldNotes } from "./field-notes";
import { mapTauBenchTraj } from "./tau-bench-events";
import { tauBenchImporter } from "./tau-bench-importer";
import { describeTauBenchSource } from "./tau-bench-source";
import { inferTauBenchStopReason } from "./tau-bench-stop-reason";
import { tau2Importer } from "./tau2-importer";

const system = { role: "system", content: "# Airline Agent Policy\n\nBe helpful." };
const call = (id: string, name: string, args: string) => ({
  role: "assistant",
  content: null,
  tool_calls: [{ id, type: "function", function: { name, arguments: args } }],
});
const toolResult = (id: string, name: string, content: string) => ({ role: "tool", tool_call_id: id, name, content });

const task = {
  user_id: "mia_li_3668",
  instruction: "You are mia_li_3668. Book a flight.",
  actions: [{ name: "book_reservation", kwargs: { user_id: "mia_li_3668" } }],
  outputs: ["327"],
};

function result(traj: unknown[], extra: Record<string, unknown> = {}) {
  return {
    task_id: 0,
    reward: 1,
    info: {
      task,
      source: "user",
      user_cost: 0.5,
      reward_info: { reward: 1, info: { r_actions: 1 }, actions: task.actions },
    },
    traj,
    trial: 0,
    ...extra,
  };
}

describe("mapTauBenchTraj", () => {
  it("maps OpenAI messages: system, text plus calls sharing a message index, parsed arguments", () => {
    const events = mapTauBenchTraj(
      [
        system,
        { role: "user", content: "Hi" },
        {
          role: "assistant",
          content: "Checking.",
          tool_calls: [
            { id: "c1", type: "function", function: { name: "get_user_details", arguments: '{"user_id": "mia"}' } },
            { id: "c2", type: "function", function: { name: "think", arguments: "{}" } },
          ],
        },
      ],
      { unparsedArguments: 0, notes: new FieldNotes() },
    );
    expect(events).toEqual([
      { kind: "system", text: system.content, message: 0 },
      { kind: "user_message", actor: "user", text: "Hi", message: 1 },
      { kind: "agent_message", actor: "agent", text: "Checking.", message: 2 },
      {
        kind: "tool_call",
        actor: "agent",
        tool: "get_user_details",
        callId: "c1",
        arguments: { user_id: "mia" },
        message: 2,
      },
      { kind: "tool_call", actor: "agent", tool: "think", callId: "c2", arguments: {}, message: 2 },
    ]);
  });

  it("flags results whose text starts with Error: as inferred errors, and marks every result as inferred", () => {
    const [failed, fine] = mapTauBenchTraj(
      [
        toolResult("c1", "cancel_reservation", "Error: reservation not found"),
        toolResult("c2", "get_user_details", '{"name": "Mia"}'),
      ],
      { unparsedArguments: 0, notes: new FieldNotes() },
    );
    expect(failed).toEqual({
      kind: "tool_result",
      actor: "agent",
      tool: "cancel_reservation",
      callId: "c1",
      output: "Error: reservation not found",
      error: true,
      errorInferred: true,
      message: 0,
    });
    expect(fine).toMatchObject({ output: { name: "Mia" }, error: false, errorInferred: true });
  });

  it("keeps arguments that are not a JSON object as text", () => {
    const stats = { unparsedArguments: 0, notes: new FieldNotes() };
    const [event] = mapTauBenchTraj([call("c1", "calculate", "2+2")], stats);
    expect(event).toMatchObject({ arguments: { _unparsed: "2+2" } });
    expect(stats.unparsedArguments).toBe(1);
  });
});

describe("inferTauBenchStopReason", () => {
  const withReward = { reward_info: { reward: 0 } };
  it("reads ###STOP### in the last user message as user_stop", () => {
    expect(inferTauBenchStopReason([system, { role: "user", content: "Bye ###STOP###" }], withReward)).toBe(
      "user_stop",
    );
  });
  it("reads a final transfer_to_human_agents call as transfer_to_human", () => {
    expect(
      inferTauBenchStopReason(
        [
          system,
          { role: "user", content: "Hi" },
          call("c1", "transfer_to_human_agents", "{}"),
          toolResult("c1", "transfer_to_human_agents", "Transfer successful"),
        ],
        withReward,
      ),
    ).toBe("transfer_to_human");
  });
  it("reads a missing reward_info as max_steps, since the environment scores only finished episodes", () => {
    expect(inferTauBenchStopReason([system, { role: "user", content: "Hi" }, call("c1", "search", "{}")], {})).toBe(
      "max_steps",
    );
  });
  it("reads a recorded exception as error", () => {
    expect(inferTauBenchStopReason([], { error: "RateLimitError", traceback: "..." })).toBe("error");
  });
  it("falls back to unknown", () => {
    expect(
      inferTauBenchStopReason(
        [system, { role: "user", content: "Hi" }, { role: "assistant", content: "Hello" }],
        withReward,
      ),
    ).toBe("unknown");
  });
});

describe("describeTauBenchSource", () => {
  it("takes model and domain from a historical file name when the content names no model", () => {
    expect(describeTauBenchSource([{ traj: [] }], "gpt-4o-airline.json")).toEqual({
      model: "gpt-4o",
      modelFrom: "file name",
      domain: "airline",
      domainFrom: "file name",
    });
  });
  it("prefers the content: the policy heading names the domain, a model field the model", () => {
    const source = describeTauBenchSource(
      [
        {
          info: { model: "claude-3-5-sonnet-20241022" },
          traj: [{ role: "system", content: "# Retail agent policy\n" }],
        },
      ],
      "gpt-4o-airline.json",
    );
    expect(source).toMatchObject({
      model: "claude-3-5-sonnet-20241022",
      modelFrom: "content",
      domain: "retail",
      domainFrom: "content",
    });
  });
  it("reads tau_bench/run.py checkpoint names", () => {
    const source = describeTauBenchSource(
      [{ traj: [] }],
      "tool-calling-gpt-4o-2024-08-06-0.0_range_0--1_user-gpt-4o-llm_0817143519.json",
    );
    expect(source).toEqual({
      agentStrategy: "tool-calling",
      model: "gpt-4o-2024-08-06",
      modelFrom: "file name",
      temperature: 0,
      userModel: "gpt-4o",
      userStrategy: "llm",
    });
  });
});

describe("tauBenchImporter", () => {
  const stopped = [
    system,
    { role: "user", content: "Hi" },
    call("c1", "book_reservation", '{"user_id": "mia_li_3668"}'),
    toolResult("c1", "book_reservation", "{}"),
    { role: "assistant", content: "Booked." },
    { role: "user", content: "###STOP###" },
  ];

  it("matches tau-bench lists only", () => {
    expect(tauBenchImporter.matches([result(stopped)])).toBe(true);
    expect(tau2Importer.matches([result(stopped)])).toBe(false);
  });

  it("converts results into a valid bundle with inferred stop reasons", () => {
    const converted = tauBenchImporter.convert([result(stopped), result(stopped, { trial: 1, reward: 0 })], {
      fileName: "gpt-4o-airline.json",
    });
    if (!converted.ok) throw new Error(JSON.stringify(converted.issues));
    const bundle = BundleDocumentSchema.parse(converted.document);
    expect(bundle.suite).toEqual({
      name: "tau-bench/airline",
      version: "",
      domain: "airline",
      policy: system.content,
      tools: [],
    });
    expect(bundle.tasks).toEqual([
      {
        id: "0",
        goal: task.instruction,
        userFacts: { userId: "mia_li_3668" },
        expectedActions: [{ name: "book_reservation", arguments: { user_id: "mia_li_3668" } }],
        requiredReplyInfo: ["327"],
        evaluationCriteria: { actions: task.actions, outputs: ["327"] },
        requiresTools: true,
        tags: [],
      },
    ]);
    expect(bundle.runs[0]).toMatchObject({
      id: "gpt-4o-airline",
      model: { name: "gpt-4o", family: "gpt-4o" },
      variant: "base",
      pairingKey: "gpt-4o",
      metadata: { source: "tau-bench", modelFrom: "file name", userSimulatorCostUsd: 1 },
    });
    expect(bundle.trajectories.map((t) => [t.task, t.trial, t.reward, t.stopReason, t.stopReasonInferred])).toEqual([
      ["0", 0, 1, "user_stop", true],
      ["0", 1, 0, "user_stop", true],
    ]);
    expect(bundle.trajectories[0]?.rewardBreakdown).toEqual({
      reward: 1,
      info: { r_actions: 1 },
      actions: task.actions,
    });
    expect(converted.warnings).toContain('model "gpt-4o" taken from the file name');
  });

  it("reports items that are not results", () => {
    const converted = tauBenchImporter.convert([result(stopped), { task_id: null, traj: [] }], { fileName: "x.json" });
    expect(converted).toEqual({ ok: false, issues: [{ path: "[1].task_id", message: "a result needs a task_id" }] });
  });
});
