/** Options of a written tau2-bench results file (the shape tau2's run writes: {timestamp, info, tasks, simulations}). */
export interface Tau2ResultsOptions {
  model?: string;
  domain?: string;
  /** Number of tasks, ids "0", "1", ... (ignored when taskIds is given). */
  tasks?: number;
  policy?: string;
  taskIds?: string[];
  trials?: number;
  timestamp?: string;
  agentImplementation?: string;
  userImplementation?: string;
  /** Changes every task's definition, as a new tau2 release of the domain would. */
  taskRevision?: number;
  /** Tasks (by index) whose trials succeed; the others fail. */
  succeeding?: (taskIndex: number, trial: number) => boolean;
}

function task(id: string, domain: string, revision: number): Record<string, unknown> {
  return {
    id,
    description: { purpose: `Check ${id}.`, relevant_policies: null, notes: revision > 0 ? `revision ${revision}` : null },
    user_scenario: { persona: null, instructions: { domain, reason_for_call: `About ${id}.`, known_info: "You are Ana.", unknown_info: null, task_instructions: "Ask for help." } },
    initial_state: null,
    evaluation_criteria: { actions: [{ action_id: "a0", requestor: "assistant", name: "get_order", arguments: { id } }], communicate_info: [], nl_assertions: null, reward_basis: ["DB"] },
  };
}

function simulation(taskId: string, trial: number, success: boolean): Tau2Simulation {
  return {
    id: `${taskId}-trial-${trial}`,
    task_id: taskId,
    trial,
    duration: 1.5,
    termination_reason: "user_stop",
    agent_cost: 0.01,
    user_cost: 0.005,
    reward_info: { reward: success ? 1 : 0, db_check: { db_match: success, db_reward: success ? 1 : 0 }, reward_breakdown: { DB: success ? 1 : 0 } },
    messages: [
      { role: "assistant", content: "Hi! How can I help?", turn_idx: 0 },
      { role: "user", content: `About ${taskId}.`, turn_idx: 1 },
      { role: "assistant", content: null, tool_calls: [{ id: "c1", name: "get_order", arguments: { id: taskId }, requestor: "assistant" }], turn_idx: 2 },
      { role: "tool", id: "c1", content: '{"status": "ok"}', requestor: "assistant", error: false, turn_idx: 3 },
      { role: "assistant", content: "Done.", turn_idx: 4 },
      { role: "user", content: "Thanks ###STOP###", turn_idx: 5 },
    ],
  };
}

export interface Tau2Simulation {
  id: string;
  task_id: string;
  trial: number;
  [key: string]: unknown;
}

export interface Tau2Results {
  timestamp: string;
  info: Record<string, unknown>;
  tasks: Record<string, unknown>[];
  simulations: Tau2Simulation[];
}

/** A tau2 results document as tau2 writes it, for uploads through the real importer (and from a lone clone). */
export function makeTau2Results(input: Tau2ResultsOptions = {}): Tau2Results {
  const options = { model: "gpt-4.1", domain: "airline", ...input };
  const taskIds = options.taskIds ?? Array.from({ length: options.tasks ?? 3 }, (_, index) => String(index));
  const trials = options.trials ?? 1;
  const succeeding = options.succeeding ?? ((taskIndex: number) => taskIndex % 2 === 0);
  return {
    timestamp: options.timestamp ?? "2026-11-30T10:00:00.000000",
    info: {
      git_commit: "abc1234",
      num_trials: trials,
      max_steps: 200,
      max_errors: 10,
      seed: 300,
      agent_info: { implementation: options.agentImplementation ?? "llm_agent", llm: options.model, llm_args: { temperature: 0 } },
      user_info: { implementation: options.userImplementation ?? "user_simulator", llm: "gpt-4.1", llm_args: { temperature: 0 } },
      environment_info: {
        domain_name: options.domain,
        policy: options.policy ?? `# ${options.domain} policy\nHelp the user.`,
        tool_defs: { get_order: { name: "get_order", doc: "Reads an order.", params: { type: "object", properties: { id: { type: "string" } } }, returns: null } },
      },
    },
    tasks: taskIds.map((id) => task(id, options.domain, options.taskRevision ?? 0)),
    simulations: taskIds.flatMap((id, taskIndex) => Array.from({ length: trials }, (_, trial) => simulation(id, trial, succeeding(taskIndex, trial)))),
  };
}
