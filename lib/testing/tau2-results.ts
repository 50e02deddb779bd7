/**
 * tau2-bench results files (`{timestamp, info, tasks, simulations}`) as tau2 writes them, built from per-task
 * rewards: the shape of base and fine-tuned runs of one model on several domains, for DB and E2E tests.
 */

export interface Tau2TaskTrials {
  id: string;
  /** One reward per trial (1 = success). */
  rewards: number[];
}

export interface Tau2ResultsOptions {
  domain: string;
  /** The agent model as tau2 records it, e.g. "gpt-4.1-2025-04-14" or "ft:gpt-4.1-2025-04-14:acme:sft:abc123". */
  llm: string;
  tasks: Tau2TaskTrials[];
  timestamp?: string;
  /** Per simulation; agent_cost is this, user_cost half of it. */
  agentCost?: number;
  /** Per simulation, in seconds. */
  duration?: number;
}

function tau2Task(id: string, domain: string) {
  return {
    id,
    description: { purpose: `Exercise ${id}.`, relevant_policies: null, notes: null },
    user_scenario: {
      persona: "A hurried customer.",
      instructions: { domain, reason_for_call: `Help with ${id}.`, known_info: "You are Ada.", unknown_info: null, task_instructions: "Ask once." },
    },
    initial_state: null,
    evaluation_criteria: { actions: [{ action_id: "a0", requestor: "assistant", name: "lookup", arguments: { id } }], communicate_info: [], nl_assertions: null, reward_basis: ["DB"] },
  };
}

function tau2Messages(taskId: string) {
  return [
    { role: "assistant", content: "Hi! How can I help you today?", turn_idx: 0 },
    { role: "user", content: `I need help with ${taskId}.`, turn_idx: 1 },
    { role: "assistant", content: null, tool_calls: [{ id: "call-1", name: "lookup", arguments: { id: taskId }, requestor: "assistant" }], turn_idx: 2 },
    { role: "tool", id: "call-1", content: "{\"status\": \"ok\"}", requestor: "assistant", error: false, turn_idx: 3 },
    { role: "assistant", content: "Done, anything else?", turn_idx: 4 },
    { role: "user", content: "###STOP###", turn_idx: 5 },
  ];
}

export function makeTau2Results(options: Tau2ResultsOptions) {
  const { domain, llm, tasks } = options;
  const agentCost = options.agentCost ?? 0.02;
  const trials = Math.max(1, ...tasks.map((task) => task.rewards.length));
  return {
    timestamp: options.timestamp ?? "2026-11-01T10:00:00.000000",
    info: {
      git_commit: "fixture",
      num_trials: trials,
      max_steps: 30,
      seed: 300,
      agent_info: { implementation: "llm_agent", llm, llm_args: { temperature: 0 } },
      user_info: { implementation: "user_simulator", llm: "gpt-4.1", llm_args: { temperature: 0 } },
      environment_info: {
        domain_name: domain,
        policy: `The ${domain} policy.`,
        tool_defs: { lookup: { name: "lookup", doc: "Looks a record up.", params: { type: "object", properties: { id: { type: "string" } } }, returns: null } },
      },
    },
    tasks: tasks.map((task) => tau2Task(task.id, domain)),
    simulations: tasks.flatMap((task) =>
      task.rewards.map((reward, trial) => ({
        id: `${llm}-${domain}-${task.id}-${trial}`,
        task_id: task.id,
        trial,
        duration: options.duration ?? 12.5,
        termination_reason: "user_stop",
        agent_cost: agentCost,
        user_cost: agentCost / 2,
        reward_info: { reward, db_check: { db_match: reward === 1, db_reward: reward }, reward_breakdown: { DB: reward } },
        messages: tau2Messages(task.id),
      })),
    ),
  };
}

/** Per-task rewards from a string of 0/1 per trial, e.g. tasksFrom("air", ["11", "01", "00"]). */
export function tasksFrom(prefix: string, trials: string[]): Tau2TaskTrials[] {
  return trials.map((outcomes, index) => ({ id: `${prefix}-${index + 1}`, rewards: [...outcomes].map((outcome) => (outcome === "1" ? 1 : 0)) }));
}
