export interface Tau2TaskTrials {
  id: string;
  /** One reward per trial (1 = success). */
  rewards: number[];
}

/** Options of a written tau2-bench results file (the shape tau2's run writes: {timestamp, info, tasks, simulations}). */
export interface Tau2ResultsOptions {
  model?: string;
  domain?: string;
  /** Number of tasks, ids "0", "1", ... (ignored when taskIds is given), or each task's reward per trial. */
  tasks?: number | Tau2TaskTrials[];
  /** Per simulation; agent_cost is this, user_cost half of it. */
  agentCost?: number;
  /** Per simulation, in seconds. */
  duration?: number;
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
    description: {
      purpose: `Check ${id}.`,
      relevant_policies: null,
      notes: revision > 0 ? `revision ${revision}` : null,
    },
    user_scenario: {
      persona: null,
      instructions: {
        domain,
        reason_for_call: `About ${id}.`,
        known_info: "You are Ana.",
        unknown_info: null,
        task_instructions: "Ask for help.",
      },
    },
    initial_state: null,
    evaluation_criteria: {
      actions: [{ action_id: "a0", requestor: "assistant", name: "get_order", arguments: { id } }],
      communicate_info: [],
      nl_assertions: null,
      reward_basis: ["DB"],
    },
  };
}

function simulation(
  taskId: string,
  trial: number,
  reward: number,
  cost: { agent: number; duration: number },
): Tau2Simulation {
  const success = reward === 1;
  return {
    id: `${taskId}-trial-${trial}`,
    task_id: taskId,
    trial,
    duration: cost.duration,
    termination_reason: "user_stop",
    agent_cost: cost.agent,
    user_cost: cost.agent / 2,
    reward_info: { reward, db_check: { db_match: success, db_reward: reward }, reward_breakdown: { DB: reward } },
    messages: [
      { role: "assistant", content: "Hi! How can I help?", turn_idx: 0 },
      { role: "user", content: `About ${taskId}.`, turn_idx: 1 },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", name: "get_order", arguments: { id: taskId }, requestor: "assistant" }],
        turn_idx: 2,
      },
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
  const succeeding = options.succeeding ?? ((taskIndex: number) => taskIndex % 2 === 0);
  const trialCount = options.trials ?? 1;
  const taskTrials: Tau2TaskTrials[] = Array.isArray(options.tasks)
    ? options.tasks
    : (options.taskIds ?? Array.from({ length: options.tasks ?? 3 }, (_, index) => String(index))).map(
        (id, taskIndex) => ({
          id,
          rewards: Array.from({ length: trialCount }, (_, trial) => (succeeding(taskIndex, trial) ? 1 : 0)),
        }),
      );
  const cost = { agent: options.agentCost ?? 0.01, duration: options.duration ?? 1.5 };
  return {
    timestamp: options.timestamp ?? "2026-11-30T10:00:00.000000",
    info: {
      git_commit: "abc1234",
      num_trials: Math.max(1, ...taskTrials.map((t) => t.rewards.length)),
      max_steps: 200,
      max_errors: 10,
      seed: 300,
      agent_info: {
        implementation: options.agentImplementation ?? "llm_agent",
        llm: options.model,
        llm_args: { temperature: 0 },
      },
      user_info: {
        implementation: options.userImplementation ?? "user_simulator",
        llm: "gpt-4.1",
        llm_args: { temperature: 0 },
      },
      environment_info: {
        domain_name: options.domain,
        policy: options.policy ?? `# ${options.domain} policy\nHelp the user.`,
        tool_defs: {
          get_order: {
            name: "get_order",
            doc: "Reads an order.",
            params: { type: "object", properties: { id: { type: "string" } } },
            returns: null,
          },
        },
      },
    },
    tasks: taskTrials.map((t) => task(t.id, options.domain, options.taskRevision ?? 0)),
    simulations: taskTrials.flatMap((t) => t.rewards.map((reward, trial) => simulation(t.id, trial, reward, cost))),
  };
}

/** Per-task rewards from a string of 0/1 per trial, e.g. tasksFrom("air", ["11", "01", "00"]). */
export function tasksFrom(prefix: string, trials: string[]): Tau2TaskTrials[] {
  return trials.map((outcomes, index) => ({
    id: `${prefix}-${index + 1}`,
    rewards: [...outcomes].map((outcome) => (outcome === "1" ? 1 : 0)),
  }));
}
