import { describe, expect, it } from "vitest";
import { BundleDocumentSchema } from "../schema";
import { tau2Importer } from "./tau2-importer";
import { tauBenchImporter } from "./tau-bench-importer";
import { mapTau2Message } from "./tau2-messages";
import { FieldNotes } from "./field-notes";

const stats = () => ({ droppedTimestamps: 0, unparsedArguments: 0, notes: new FieldNotes(), issues: [] });

function tau2Document(messages: unknown[], extra: Record<string, unknown> = {}) {
  return {
    timestamp: "2025-08-10T02:44:06.496849",
    info: {
      git_commit: "abc",
      num_trials: 1,
      agent_info: { implementation: "llm_agent", llm: "ft:gpt-4.1-2025-04-14:acme::tau", llm_args: { temperature: 0 } },
      user_info: { implementation: "user_simulator", llm: "gpt-4.1", llm_args: { temperature: 0 } },
      environment_info: {
        domain_name: "telecom",
        policy: "Be nice.",
        tool_defs: {
          toggle_data: {
            name: "toggle_data",
            doc: "Toggles data.",
            params: { type: "object", properties: {} },
            returns: null,
          },
        },
      },
    },
    tasks: [
      {
        id: "[mobile_data_issue]data_mode_off[PERSONA:Easy]",
        description: { purpose: "Test resolution path.", relevant_policies: null, notes: null },
        user_scenario: {
          persona: "\nA careful user.",
          instructions: {
            domain: "telecom",
            reason_for_call: "No data.",
            known_info: "You are John.",
            unknown_info: null,
            task_instructions: "Ask for help.",
          },
        },
        ticket: "The user has no data.",
        initial_state: { initialization_data: null, initialization_actions: [], message_history: null },
        evaluation_criteria: {
          actions: [
            { action_id: "a0", requestor: "user", name: "toggle_data", arguments: {} },
            { action_id: "a1", requestor: "assistant", name: "refuel_data", arguments: { gb_amount: 2 } },
          ],
          communicate_info: ["2 GB"],
          nl_assertions: null,
          reward_basis: ["ENV_ASSERTION"],
        },
      },
    ],
    simulations: [
      {
        id: "sim-1",
        task_id: "[mobile_data_issue]data_mode_off[PERSONA:Easy]",
        duration: 2.5,
        termination_reason: "user_stop",
        agent_cost: 0.25,
        user_cost: 0.125,
        reward_info: { reward: 1, db_check: { db_match: true, db_reward: 1 }, reward_breakdown: { ENV_ASSERTION: 1 } },
        messages,
        trial: 0,
        ...extra,
      },
    ],
  };
}

describe("mapTau2Message", () => {
  it("splits an assistant message with text and two tool calls into three events sharing the message index", () => {
    const events = mapTau2Message(
      {
        role: "assistant",
        content: "Let me check.",
        tool_calls: [
          { id: "c1", name: "get_line", arguments: { id: "L1" }, requestor: "assistant" },
          { id: "c2", name: "get_bill", arguments: { id: "B1" }, requestor: "assistant" },
        ],
        turn_idx: 4,
        timestamp: "2025-08-10T02:44:11.820315",
        cost: 0.01,
        usage: { prompt_tokens: 100, completion_tokens: 20 },
      },
      7,
      new Map(),
      stats(),
    );
    expect(events).toEqual([
      {
        kind: "agent_message",
        actor: "agent",
        text: "Let me check.",
        message: 7,
        turn: 4,
        usage: { prompt: 100, completion: 20 },
        costUsd: 0.01,
      },
      {
        kind: "tool_call",
        actor: "agent",
        tool: "get_line",
        callId: "c1",
        arguments: { id: "L1" },
        message: 7,
        turn: 4,
      },
      {
        kind: "tool_call",
        actor: "agent",
        tool: "get_bill",
        callId: "c2",
        arguments: { id: "B1" },
        message: 7,
        turn: 4,
      },
    ]);
  });

  it("gives a dual-control user's tool call and its result the user as actor", () => {
    const calls = new Map<string, string>();
    const call = mapTau2Message(
      {
        role: "user",
        content: null,
        tool_calls: [{ id: "u1", name: "toggle_data", arguments: {}, requestor: "user" }],
        turn_idx: 3,
      },
      3,
      calls,
      stats(),
    );
    const result = mapTau2Message(
      { role: "tool", id: "u1", content: "Data is on.", requestor: "user", error: false, turn_idx: 4 },
      4,
      calls,
      stats(),
    );
    expect(call).toEqual([
      { kind: "tool_call", actor: "user", tool: "toggle_data", callId: "u1", arguments: {}, message: 3, turn: 3 },
    ]);
    expect(result).toEqual([
      {
        kind: "tool_result",
        actor: "user",
        tool: "toggle_data",
        callId: "u1",
        output: "Data is on.",
        error: false,
        errorInferred: false,
        message: 4,
        turn: 4,
      },
    ]);
  });

  it("keeps tau2's error flag and parses JSON output", () => {
    const calls = new Map([["c1", "resume_line"]]);
    const [failed] = mapTau2Message(
      {
        role: "tool",
        id: "c1",
        content: "Error: Line must be suspended to resume",
        requestor: "assistant",
        error: true,
      },
      9,
      calls,
      stats(),
    );
    const [json] = mapTau2Message(
      { role: "tool", id: "c1", content: '{"status": "Active"}', requestor: "assistant", error: false },
      10,
      calls,
      stats(),
    );
    expect(failed).toMatchObject({
      kind: "tool_result",
      actor: "agent",
      tool: "resume_line",
      error: true,
      errorInferred: false,
      output: "Error: Line must be suspended to resume",
    });
    expect(json).toMatchObject({ output: { status: "Active" }, error: false });
  });

  it("keeps timestamps with an offset and drops those without one", () => {
    const counters = stats();
    const [withOffset] = mapTau2Message(
      { role: "user", content: "hi", timestamp: "2025-08-10T02:44:11.820315Z" },
      0,
      new Map(),
      counters,
    );
    const [local] = mapTau2Message(
      { role: "user", content: "hi", timestamp: "2025-08-10T02:44:11.820315" },
      1,
      new Map(),
      counters,
    );
    expect(withOffset).toMatchObject({ timestamp: "2025-08-10T02:44:11.820315Z" });
    expect(local).not.toHaveProperty("timestamp");
    expect(counters.droppedTimestamps).toBe(1);
    for (const kept of ["2025-08-10T02:44:11+05:30", "2025-08-10T02:44:11.5-03:30"]) {
      const [event] = mapTau2Message({ role: "user", content: "hi", timestamp: kept }, 2, new Map(), counters);
      expect(event).toMatchObject({ timestamp: kept });
    }
    expect(counters.droppedTimestamps).toBe(1);
  });

  it("drops a timestamp whose offset PostgreSQL cannot store (+16:00) instead of failing the insert", () => {
    const counters = stats();
    const [event] = mapTau2Message(
      { role: "user", content: "hi", timestamp: "2025-08-10T02:44:11+16:00" },
      0,
      new Map(),
      counters,
    );
    expect(event).not.toHaveProperty("timestamp");
    expect(counters.droppedTimestamps).toBe(1);
  });

  it("keeps an empty message as one empty event so message counts stay right", () => {
    expect(mapTau2Message({ role: "assistant", content: null, tool_calls: null }, 2, new Map(), stats())).toEqual([
      { kind: "agent_message", actor: "agent", text: "", message: 2 },
    ]);
  });
});

describe("tau2Importer", () => {
  const messages = [
    { role: "assistant", content: "Hi! How can I help you today?", turn_idx: 0, cost: 0 },
    { role: "user", content: "My data is off.", turn_idx: 1, usage: { prompt_tokens: 10, completion_tokens: 5 } },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "c1", name: "refuel_data", arguments: { gb_amount: 2 }, requestor: "assistant" }],
      turn_idx: 2,
      usage: { prompt_tokens: 30, completion_tokens: 7 },
    },
    { role: "tool", id: "c1", content: '{"ok": true}', requestor: "assistant", error: false, turn_idx: 3 },
    { role: "user", content: "Thanks ###STOP###", turn_idx: 4 },
  ];

  it("matches tau2 results and nothing else", () => {
    expect(tau2Importer.matches(tau2Document(messages))).toBe(true);
    expect(tau2Importer.matches([{ task_id: 1, traj: [] }])).toBe(false);
  });

  it("converts a results document into a valid bundle", () => {
    const result = tau2Importer.convert(tau2Document(messages), { fileName: "uploads/run-a.json.gz" });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const bundle = BundleDocumentSchema.parse(result.document);
    expect(bundle.suite).toEqual({
      name: "tau2/telecom",
      version: "",
      domain: "telecom",
      policy: "Be nice.",
      tools: [{ name: "toggle_data", description: "Toggles data.", parameters: { type: "object", properties: {} } }],
    });
    expect(bundle.runs[0]).toMatchObject({
      id: "run-a",
      model: { name: "ft:gpt-4.1-2025-04-14:acme::tau", family: "gpt-4.1" },
      variant: "sft",
      pairingKey: "gpt-4.1",
      agent: { name: "llm_agent", config: { llm: "ft:gpt-4.1-2025-04-14:acme::tau", llm_args: { temperature: 0 } } },
      userSimulator: { name: "user_simulator" },
      metadata: { source: "tau2", git_commit: "abc", num_trials: 1, timestamp: "2025-08-10T02:44:06.496849" },
    });
    expect(bundle.tasks[0]).toMatchObject({
      id: "[mobile_data_issue]data_mode_off[PERSONA:Easy]",
      goal: "Domain: telecom\n\nReason for call:\nNo data.\n\nKnown info:\nYou are John.\n\nTask instructions:\nAsk for help.",
      userFacts: { knownInfo: "You are John.", ticket: "The user has no data." },
      persona: "A careful user.",
      expectedBehavior: "Test resolution path.",
      expectedActions: [{ name: "refuel_data", arguments: { gb_amount: 2 } }],
      requiredReplyInfo: ["2 GB"],
      tags: ["mobile_data_issue", "persona:Easy"],
      initialState: { initialization_data: null, initialization_actions: [], message_history: null },
    });
    const trajectory = bundle.trajectories[0];
    expect(trajectory).toMatchObject({
      id: "sim-1",
      run: "run-a",
      trial: 0,
      stopReason: "user_stop",
      stopReasonInferred: false,
      reward: 1,
      rewardBreakdown: {
        reward: 1,
        db_check: { db_match: true, db_reward: 1 },
        reward_breakdown: { ENV_ASSERTION: 1 },
      },
      costUsd: 0.375,
      durationMs: 2500,
      usage: { prompt: 40, completion: 12 },
    });
    expect(trajectory?.events.map((e) => [e.kind, e.message, e.turn])).toEqual([
      ["agent_message", 0, 0],
      ["user_message", 1, 1],
      ["tool_call", 2, 2],
      ["tool_result", 3, 3],
      ["user_message", 4, 4],
    ]);
  });

  it("maps tau2's LLM review to the judge and turn labels", () => {
    const review = {
      summary: "The agent refuelled without asking.",
      agent_error: true,
      user_error: true,
      critical_user_error: false,
      has_errors: true,
      errors: [
        { source: "user", error_tags: ["off_script"], severity: "minor", turn_idx: 1, reasoning: "User improvised." },
        {
          source: "agent",
          error_tags: ["policy_violation", "no_confirmation"],
          severity: "critical",
          turn_idx: 2,
          reasoning: "No confirmation.",
        },
      ],
    };
    const result = tau2Importer.convert(tau2Document(messages, { review }), { fileName: "r.json" });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const trajectory = BundleDocumentSchema.parse(result.document).trajectories[0];
    expect(trajectory?.judge).toEqual({
      name: "tau2 review",
      errorSource: "agent",
      toolHallucination: false,
      userHallucination: false,
      policyViolation: false,
      failureCategory: "policy_violation, no_confirmation",
      rationale: "The agent refuelled without asking.",
    });
    expect(trajectory?.turnLabels).toEqual([
      {
        turn: 1,
        success: false,
        judge: "tau2 review",
        errorSource: "user",
        severity: "minor",
        failureCategory: "off_script",
        tags: ["off_script"],
        rationale: "User improvised.",
      },
      {
        turn: 2,
        success: false,
        judge: "tau2 review",
        errorSource: "agent",
        severity: "critical",
        failureCategory: "policy_violation, no_confirmation",
        tags: ["policy_violation", "no_confirmation"],
        rationale: "No confirmation.",
      },
    ]);
  });

  it("reads hallucination and guideline_violation tags by source, and keeps user_only_review beside review", () => {
    const review = {
      summary: "Both made things up.",
      has_errors: true,
      errors: [
        {
          source: "agent",
          error_type: "content_error",
          error_tags: ["hallucination"],
          severity: "critical",
          turn_idx: 2,
          reasoning: "Quoted a fare no tool returned.",
          correct_behavior: "Look the fare up first.",
        },
        { source: "user", error_tags: "hallucination", severity: "critical_hindered", turn_idx: 1, reasoning: "Zip." },
        { source: "unknown", error_tags: ["guideline_violation"], turn_idx: 3, reasoning: "Unclear." },
        { source: "agent", error_tags: ["hallucination"], severity: "minor", reasoning: "No turn: skipped." },
      ],
    };
    const userOnly = {
      summary: "User error.",
      errors: [
        { source: "user", error_tags: ["premature_termination"], severity: "minor", turn_idx: 4, reasoning: "Left." },
      ],
    };
    const result = tau2Importer.convert(tau2Document(messages, { review, user_only_review: userOnly }), {
      fileName: "h.json",
    });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const trajectory = BundleDocumentSchema.parse(result.document).trajectories[0];
    expect(trajectory?.judge).toMatchObject({
      toolHallucination: true,
      userHallucination: true,
      policyViolation: false,
    });
    expect(trajectory?.turnLabels).toEqual([
      {
        turn: 2,
        success: false,
        judge: "tau2 review",
        errorSource: "agent",
        severity: "critical",
        failureCategory: "hallucination",
        errorType: "content_error",
        tags: ["hallucination"],
        rationale: "Quoted a fare no tool returned.",
        correctBehavior: "Look the fare up first.",
      },
      {
        turn: 1,
        success: false,
        judge: "tau2 review",
        errorSource: "user",
        severity: "critical_hindered",
        failureCategory: "hallucination",
        tags: ["hallucination"],
        rationale: "Zip.",
      },
      {
        turn: 3,
        success: false,
        judge: "tau2 review",
        errorSource: "unknown",
        failureCategory: "guideline_violation",
        tags: ["guideline_violation"],
        rationale: "Unclear.",
      },
      {
        turn: 4,
        success: false,
        judge: "tau2 user-only review",
        errorSource: "user",
        severity: "minor",
        failureCategory: "premature_termination",
        tags: ["premature_termination"],
        rationale: "Left.",
      },
    ]);
  });

  it("a user_only_review alone gives turn labels but no trajectory judge", () => {
    const userOnly = {
      summary: "User error.",
      errors: [{ source: "user", error_tags: ["hallucination"], severity: "minor", turn_idx: 1, reasoning: "Zip." }],
    };
    const result = tau2Importer.convert(tau2Document(messages, { user_only_review: userOnly }), { fileName: "u.json" });
    if (!result.ok) throw new Error(JSON.stringify(result.issues));
    const trajectory = BundleDocumentSchema.parse(result.document).trajectories[0];
    expect(trajectory?.judge).toBeUndefined();
    expect(trajectory?.turnLabels?.map((label) => [label.judge, label.turn])).toEqual([["tau2 user-only review", 1]]);
  });

  it("records a clean review as errorSource none", () => {
    const result = tau2Importer.convert(
      tau2Document(messages, {
        review: { summary: "Fine.", has_errors: false, agent_error: false, user_error: false, errors: [] },
      }),
      { fileName: "r.json" },
    );
    if (!result.ok) throw new Error("conversion failed");
    expect(BundleDocumentSchema.parse(result.document).trajectories[0]?.judge).toEqual({
      name: "tau2 review",
      errorSource: "none",
      toolHallucination: false,
      userHallucination: false,
      policyViolation: false,
      rationale: "Fine.",
    });
  });

  it("keeps infrastructure errors and renumbers repeated trials", () => {
    const first = tau2Document(messages, { termination_reason: "infrastructure_error", reward_info: null });
    const second = { ...tau2Document(messages).simulations[0], id: "sim-2", reward_info: null };
    const result = tau2Importer.convert(
      { ...first, simulations: [...first.simulations, second] },
      { fileName: "r.json" },
    );
    if (!result.ok) throw new Error("conversion failed");
    const bundle = BundleDocumentSchema.parse(result.document);
    expect(bundle.trajectories.map((t) => [t.id, t.trial, t.stopReason, t.reward])).toEqual([
      ["sim-1", 0, "infrastructure_error", undefined],
      ["sim-2", 1, "user_stop", undefined],
    ]);
    expect(result.warnings.some((w) => w.includes("numbered anew"))).toBe(true);
  });

  it("reports simulations without a task id as issues", () => {
    const document = tau2Document(messages, { task_id: null });
    const result = tau2Importer.convert(document, { fileName: "r.json" });
    expect(result).toEqual({
      ok: false,
      issues: [{ path: "simulations[0].task_id", message: "a simulation needs a task_id" }],
    });
  });

  it("refuses a message with a missing or unknown role, as tau2's own loader does (issue 36, item 10)", () => {
    const bad = [{ content: "no role" }, ...messages.slice(1, 3), { ...messages[3], role: "robot" }];
    expect(tau2Importer.convert(tau2Document(bad), { fileName: "r.json" })).toEqual({
      ok: false,
      issues: [
        {
          path: "simulations[0].messages[0].role",
          message: "a message needs a role: expected one of assistant, user, tool, system",
        },
        {
          path: "simulations[0].messages[3].role",
          message: 'unknown role "robot": expected one of assistant, user, tool, system',
        },
      ],
    });
  });

  it("reports a reward that is not a number as an issue, not as a missing reward", () => {
    const document = tau2Document(messages, { reward_info: { reward: "high", reward_basis: ["DB"] } });
    expect(tau2Importer.convert(document, { fileName: "r.json" })).toEqual({
      ok: false,
      issues: [{ path: "simulations[0].reward_info.reward", message: "the reward must be a number" }],
    });
  });
});

describe("documents of the wrong kind", () => {
  it.each([
    ["a Loopscope-like object", { schemaVersion: "x", suite: {} }],
    ["an empty list", []],
    ["a list of other objects", [{ id: 1, messages: [] }]],
    ["tau2 without info", { simulations: [] }],
    ["a string", "hello"],
    ["null", null],
  ])("%s matches no importer", (_label, document) => {
    expect(tau2Importer.matches(document)).toBe(false);
    expect(tauBenchImporter.matches(document)).toBe(false);
  });
});
