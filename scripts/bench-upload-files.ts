import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { randomUUID } from "node:crypto";

/** Writes text to a file stream, waiting when the stream is full, so gigabyte files never sit in memory. */
class FileWriter {
  private readonly stream;
  bytes = 0;
  constructor(path: string) {
    this.stream = createWriteStream(path);
  }
  async write(text: string): Promise<void> {
    this.bytes += Buffer.byteLength(text);
    if (!this.stream.write(text)) await once(this.stream, "drain");
  }
  async close(): Promise<number> {
    this.stream.end();
    await once(this.stream, "finish");
    return this.bytes;
  }
}

const TASKS = 50;
const TOOLS = [
  "get_user_details",
  "get_reservation_details",
  "search_direct_flight",
  "update_reservation_flights",
  "cancel_reservation",
  "transfer_to_human_agents",
];

function sentence(seed: number, words: number): string {
  const vocabulary = [
    "reservation",
    "flight",
    "passenger",
    "baggage",
    "policy",
    "refund",
    "cabin",
    "economy",
    "payment",
    "gift",
    "card",
    "certificate",
    "date",
    "origin",
    "destination",
    "confirm",
    "please",
    "thank",
    "you",
    "help",
  ];
  const out: string[] = [];
  for (let i = 0; i < words; i += 1) out.push(vocabulary[(seed * 31 + i * 7) % vocabulary.length] ?? "word");
  return out.join(" ");
}

/** One tau2 simulation shaped like the real files (about 22 KB, 20 messages with tool calls, usage and raw_data copies). */
function simulation(index: number, trials: number): Record<string, unknown> {
  const task = String(index % TASKS);
  const messages: Record<string, unknown>[] = [];
  for (let turn = 0; turn < 20; turn += 1) {
    const timestamp = `2025-10-13T11:${String(40 + (turn % 20)).padStart(2, "0")}:19.755078`;
    if (turn % 4 === 2) {
      const name = TOOLS[(index + turn) % TOOLS.length] ?? "get_user_details";
      const call = {
        id: `call_${index}_${turn}`,
        name,
        arguments: { user_id: `user_${index % 997}`, reservation_id: `R${index}${turn}` },
        requestor: "assistant",
      };
      messages.push({
        role: "assistant",
        content: null,
        tool_calls: [call],
        turn_idx: turn,
        timestamp,
        cost: 0.0041,
        usage: { completion_tokens: 40, prompt_tokens: 900 + turn * 50 },
        raw_data: { finish_reason: "tool_calls", message: { role: "assistant", tool_calls: [call] } },
      });
    } else if (turn % 4 === 3) {
      const content = JSON.stringify({
        reservation_id: `R${index}${turn}`,
        status: "confirmed",
        flights: [{ flight_number: "HAT069", date: "2024-05-20", price: 120 }],
        notes: sentence(index + turn, 120),
      });
      messages.push({
        id: `call_${index}_${turn - 1}`,
        role: "tool",
        content,
        requestor: "assistant",
        error: false,
        turn_idx: null,
        timestamp,
      });
    } else {
      const role = turn % 2 === 0 ? "assistant" : "user";
      const content = sentence(index * 3 + turn, 90);
      messages.push({
        role,
        content,
        tool_calls: null,
        turn_idx: turn,
        timestamp,
        cost: 0.0024,
        usage: { completion_tokens: 36, prompt_tokens: 622 + turn * 40 },
        raw_data: {
          finish_reason: "stop",
          index: 0,
          message: { content, role: "assistant", tool_calls: null, function_call: null },
          provider_specific_fields: {},
        },
      });
    }
  }
  const reward = index % 3 === 0 ? 0 : 1;
  return {
    id: randomUUID(),
    task_id: task,
    timestamp: "2025-10-13T11:40:28.257372",
    start_time: "2025-10-13T11:40:19.754882",
    end_time: "2025-10-13T11:40:28.257361",
    duration: 8.5 + (index % 7),
    termination_reason: index % 5 === 0 ? "too_many_errors" : "user_stop",
    agent_cost: 0.014367,
    user_cost: 0.005142,
    reward_info: {
      reward,
      db_check: { db_match: reward === 1, db_reward: reward },
      env_assertions: [],
      action_checks: [],
      reward_basis: ["DB", "COMMUNICATE"],
      reward_breakdown: { DB: reward, COMMUNICATE: 1 },
      info: { env: null, nl: null },
    },
    messages,
    trial: Math.floor(index / TASKS) % trials,
    seed: 626729 + index,
  };
}

function header(simulations: number): { timestamp: string; info: Record<string, unknown>; tasks: unknown[] } {
  const trials = Math.max(1, Math.ceil(simulations / TASKS));
  const toolDefs = Object.fromEntries(
    TOOLS.map((name) => [
      name,
      {
        name,
        doc: `${name}: ${sentence(name.length, 30)}`,
        params: { type: "object", properties: { user_id: { type: "string" } }, required: ["user_id"] },
        returns: { type: "object" },
      },
    ]),
  );
  return {
    // A fresh timestamp per file: identical bytes would be answered as a duplicate.
    timestamp: new Date().toISOString().replace("Z", "") + randomUUID().slice(0, 4),
    info: {
      git_commit: "b3af1655ec1cab37b53bb9a517f3e6dbd7f7e9a8",
      num_trials: trials,
      max_steps: 200,
      max_errors: 10,
      user_info: { implementation: "user_simulator", llm: "xai/grok-3", llm_args: { temperature: 0 } },
      agent_info: { implementation: "llm_agent", llm: "xai/grok-3", llm_args: { temperature: 0 } },
      environment_info: { domain_name: "airline", policy: sentence(7, 400), tool_defs: toolDefs },
      seed: 300,
    },
    tasks: Array.from({ length: TASKS }, (_, id) => ({
      id: String(id),
      description: { purpose: sentence(id, 8), relevant_policies: null, notes: null },
      user_scenario: {
        persona: null,
        instructions: {
          domain: "airline",
          reason_for_call: sentence(id + 1, 20),
          known_info: sentence(id + 2, 12),
          unknown_info: null,
          task_instructions: sentence(id + 3, 40),
        },
      },
      evaluation_criteria: {
        actions: [{ action_id: `${id}_0`, name: "get_user_details", arguments: { user_id: `user_${id}` }, info: null }],
        communicate_info: [],
        nl_assertions: null,
      },
    })),
  };
}

/** A tau2 results file as tau2 writes it: `indent` 4 (its model_dump_json) or everything on one line. */
export async function writeTau2File(
  path: string,
  simulations: number,
  layout: "one-line" | "indented",
): Promise<number> {
  const writer = new FileWriter(path);
  const head = header(simulations);
  const trials = Number(head.info.num_trials);
  if (layout === "one-line") {
    await writer.write(`${JSON.stringify(head).slice(0, -1)},"simulations":[`);
    for (let index = 0; index < simulations; index += 1)
      await writer.write(`${index === 0 ? "" : ","}${JSON.stringify(simulation(index, trials))}`);
    await writer.write("]}");
  } else {
    await writer.write(`${JSON.stringify(head, null, 4).slice(0, -2)},\n    "simulations": [\n`);
    for (let index = 0; index < simulations; index += 1) {
      const text = JSON.stringify(simulation(index, trials), null, 4).replace(/\n/g, "\n        ");
      await writer.write(`${index === 0 ? "" : ",\n"}        ${text}`);
    }
    await writer.write("\n    ]\n}\n");
  }
  return writer.close();
}

/** A Loopscope JSONL bundle of about `targetBytes`: header line, then one trajectory per line. */
export async function writeJsonlBundle(path: string, targetBytes: number): Promise<number> {
  const writer = new FileWriter(path);
  const run = `bench-${randomUUID().slice(0, 8)}`;
  const tasks = Array.from({ length: TASKS }, (_, id) => ({ id: `t${id}`, goal: sentence(id, 12) }));
  await writer.write(
    `${JSON.stringify({ type: "header", schemaVersion: "loopscope.bundle/v1", suite: { name: "bench/jsonl", version: "1" }, tasks, runs: [{ id: run, name: run, model: { name: "bench-model" } }] })}\n`,
  );
  let index = 0;
  while (writer.bytes < targetBytes) {
    const events = [];
    for (let turn = 0; turn < 10; turn += 1) {
      events.push({ kind: "user_message", text: sentence(index + turn, 40) });
      events.push({ kind: "tool_call", tool: "lookup", callId: `c${turn}`, arguments: { id: `${index}-${turn}` } });
      events.push({
        kind: "tool_result",
        tool: "lookup",
        callId: `c${turn}`,
        output: { ok: true, note: sentence(turn, 20) },
      });
      events.push({ kind: "agent_message", text: sentence(index * 7 + turn, 40) });
    }
    const task = `t${index % TASKS}`;
    await writer.write(
      `${JSON.stringify({ type: "trajectory", run, task, trial: Math.floor(index / TASKS), stopReason: "agent_stop", reward: index % 2, events })}\n`,
    );
    index += 1;
  }
  return writer.close();
}
