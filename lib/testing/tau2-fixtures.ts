import { randomUUID } from "node:crypto";

export type Tau2Layout = "one-line" | "indented";

function message(role: string, turn: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    role,
    content: `${role} says ${turn}`,
    tool_calls: null,
    turn_idx: turn,
    timestamp: "2025-10-13T11:40:19.755078",
    cost: 0.001,
    usage: { completion_tokens: 10, prompt_tokens: 100 },
    ...extra,
  };
}

/** One tau2 simulation with a tool call and its result (4 messages, so 5 events with the call). */
export function makeTau2Simulation(
  task: string,
  trial: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const callId = `call-${task}-${trial}`;
  return {
    id: randomUUID(),
    task_id: task,
    trial,
    termination_reason: "user_stop",
    duration: 3.5,
    agent_cost: 0.01,
    user_cost: 0.002,
    reward_info: { reward: trial % 2 === 0 ? 1 : 0, reward_basis: ["DB"] },
    messages: [
      message("user", 0),
      message("assistant", 1, {
        content: null,
        tool_calls: [{ id: callId, name: "get_user", arguments: { user_id: task }, requestor: "assistant" }],
      }),
      {
        id: callId,
        role: "tool",
        content: '{"ok": true}',
        requestor: "assistant",
        error: false,
        turn_idx: null,
        timestamp: "2025-10-13T11:40:20.000000",
      },
      message("assistant", 2),
    ],
    ...overrides,
  };
}

/** A tau2 results document of `tasks` tasks x `trials` trials; a fresh timestamp keeps its bytes unique. */
export function makeTau2Document(
  tasks: number,
  trials: number,
): { timestamp: string; info: Record<string, unknown>; tasks: unknown[]; simulations: Record<string, unknown>[] } {
  const ids = Array.from({ length: tasks }, (_, index) => `task-${index}`);
  return {
    timestamp: `2025-10-13T11:40:16.${randomUUID()}`,
    info: {
      num_trials: trials,
      agent_info: { implementation: "llm_agent", llm: "openai/gpt-4.1" },
      user_info: { implementation: "user_simulator", llm: "openai/gpt-4.1" },
      environment_info: {
        domain_name: "airline",
        policy: "Be helpful.",
        tool_defs: { get_user: { name: "get_user", doc: "Look a user up.", params: { type: "object" } } },
      },
    },
    tasks: ids.map((id) => ({ id, user_scenario: { instructions: { task_instructions: `Do ${id}.` } } })),
    simulations: ids.flatMap((id) => Array.from({ length: trials }, (_, trial) => makeTau2Simulation(id, trial))),
  };
}

/** The document as tau2 writes it (indent 4) or on one line, with its keys in the given order. */
export function tau2Text(
  document: Record<string, unknown>,
  layout: Tau2Layout,
  keyOrder: string[] = Object.keys(document),
): string {
  const ordered = Object.fromEntries(keyOrder.map((key) => [key, document[key]]));
  return layout === "indented" ? JSON.stringify(ordered, null, 4) : JSON.stringify(ordered);
}

/** A byte stream of `text` in chunks of `size` bytes, as a request body. */
export function streamOf(text: string | Uint8Array, size = 1000): ReadableStream<Uint8Array> {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + size));
      offset += size;
    },
  });
}
