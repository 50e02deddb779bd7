/**
 * Writes tau2-bench results documents shaped like the files tau2 itself saves ({timestamp, info, tasks, simulations}),
 * so importer, archive and ingest tests run from a lone clone without the real files in ../shared/data/real.
 */
export interface Tau2ResultsOptions {
  domain?: string;
  agentModel?: string;
  userModel?: string;
  tasks?: number;
  trials?: number;
  /** Whether simulation (task, trial) succeeds; default: task index even. */
  succeeds?: (taskIndex: number, trial: number) => boolean;
  timestamp?: string;
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

function makeTask(id: string): Record<string, unknown> {
  return {
    id,
    description: { purpose: `Task ${id}.`, relevant_policies: null, notes: null },
    user_scenario: {
      persona: null,
      instructions: { domain: "airline", reason_for_call: `Change reservation ${id}.`, known_info: "Your user id is mia_kim_4397.", unknown_info: null, task_instructions: "Ask once." },
    },
    initial_state: null,
    evaluation_criteria: {
      actions: [{ action_id: `${id}_0`, requestor: "assistant", name: "cancel_reservation", arguments: { reservation_id: `R${id}` }, info: null, compare_args: null }],
      communicate_info: [],
      nl_assertions: null,
    },
  };
}

function makeSimulation(taskId: string, trial: number, success: boolean, timestamp: string): Tau2Simulation {
  const reward = success ? 1 : 0;
  const callId = `call_${taskId}_${trial}`;
  return {
    id: `sim-${taskId}-${trial}`,
    task_id: taskId,
    timestamp,
    start_time: timestamp,
    end_time: timestamp,
    duration: 8.5,
    termination_reason: "user_stop",
    agent_cost: 0.0125,
    user_cost: 0.0025,
    reward_info: {
      reward,
      db_check: { db_match: success, db_reward: reward },
      env_assertions: [],
      action_checks: [],
      nl_assertions: null,
      communicate_checks: null,
      reward_basis: ["DB"],
      reward_breakdown: { DB: reward },
      info: null,
    },
    messages: [
      { role: "assistant", content: "Hi! How can I help you today?", tool_calls: null, turn_idx: 0, timestamp, cost: 0 },
      { role: "user", content: `Please cancel reservation R${taskId}.`, tool_calls: null, turn_idx: 1, timestamp, cost: 0.001 },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: callId, name: "cancel_reservation", arguments: { reservation_id: `R${taskId}` }, requestor: "assistant" }],
        turn_idx: 2,
        timestamp,
        cost: 0.01,
      },
      { role: "tool", id: callId, content: success ? '{"status": "cancelled"}' : "Error: reservation not found", requestor: "assistant", error: !success, turn_idx: 3, timestamp },
      { role: "assistant", content: success ? "Your reservation is cancelled." : "I could not find it.", tool_calls: null, turn_idx: 4, timestamp, cost: 0.0025 },
      { role: "user", content: "Thanks. ###STOP###", tool_calls: null, turn_idx: 5, timestamp, cost: 0.0015 },
    ],
    trial,
    seed: 1000 + trial,
  };
}

export function makeTau2Results(options: Tau2ResultsOptions = {}): Tau2Results {
  const { domain = "airline", agentModel = "gpt-4.1", userModel = "gpt-4.1", tasks = 4, trials = 2 } = options;
  const timestamp = options.timestamp ?? "2025-10-13T11:40:16.379079";
  const succeeds = options.succeeds ?? ((taskIndex: number) => taskIndex % 2 === 0);
  const taskIds = Array.from({ length: tasks }, (_, index) => String(index + 1));
  return {
    timestamp,
    info: {
      git_commit: "0000000000000000000000000000000000000000",
      num_trials: trials,
      max_steps: 200,
      max_errors: 10,
      user_info: { implementation: "user_simulator", llm: userModel, llm_args: { temperature: 0 }, global_simulation_guidelines: "Be a customer." },
      agent_info: { implementation: "llm_agent", llm: agentModel, llm_args: { temperature: 0 } },
      environment_info: {
        domain_name: domain,
        policy: "# Airline policy\nBe helpful.",
        tool_defs: { cancel_reservation: { name: "cancel_reservation", doc: "Cancels a reservation.", params: { type: "object", properties: {} }, returns: null } },
      },
      seed: 300,
    },
    tasks: taskIds.map(makeTask),
    simulations: taskIds.flatMap((taskId, taskIndex) =>
      Array.from({ length: trials }, (_, trial) => makeSimulation(taskId, trial, succeeds(taskIndex, trial), timestamp)),
    ),
  };
}
