/**
 * A small tau2 results document whose verdicts are known by construction: the agent sends a certificate of
 * 100 where tau2 expected 50 (action check fails, DB check fails), says "$23,553" where tau2 wants "23553"
 * (communicate check met), and a second trial has `reward_info: null`. `tag` makes the bytes unique per test.
 */
export const LONG_SYSTEM_PROMPT = `# Airline agent policy\n\n${"You are a careful airline agent. Follow the policy exactly. ".repeat(40)}`;
export const LONG_AGENT_TEXT = `Here is everything I found. ${"Your reservation details follow in full. ".repeat(20)}The end of the long message.`;
export const TAU2_FIXTURE_TASK_ID = "certificate_after_delay";

function messages(amount: number, tag: string): unknown[] {
  return [
    { role: "system", content: LONG_SYSTEM_PROMPT, turn_idx: 0 },
    { role: "assistant", content: "Hi! How can I help you today?", turn_idx: 1 },
    { role: "user", content: `My flight was delayed, I want compensation (${tag}).`, turn_idx: 2 },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "c1", name: "get_user_details", arguments: { user_id: "mia_kim_4397" }, requestor: "assistant" },
      ],
      turn_idx: 3,
    },
    {
      role: "tool",
      id: "c1",
      content: '{"user_id": "mia_kim_4397", "membership": "gold"}',
      requestor: "assistant",
      error: false,
      turn_idx: 4,
    },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "c2",
          name: "send_certificate",
          arguments: { user_id: "mia_kim_4397", amount: 999 },
          requestor: "assistant",
        },
      ],
      turn_idx: 5,
    },
    {
      role: "tool",
      id: "c2",
      content: "Error: amount exceeds the allowed maximum",
      requestor: "assistant",
      error: true,
      turn_idx: 6,
    },
    {
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "c3", name: "send_certificate", arguments: { user_id: "mia_kim_4397", amount }, requestor: "assistant" },
      ],
      turn_idx: 7,
    },
    {
      role: "tool",
      id: "c3",
      content: `Certificate of ${amount} sent.`,
      requestor: "assistant",
      error: false,
      turn_idx: 8,
    },
    {
      role: "assistant",
      content: `Done. Your total spend with us is $23,553, and I sent a certificate of $${amount}.`,
      turn_idx: 9,
    },
    { role: "user", content: "Thanks! Also, what else do you see?", turn_idx: 10 },
    { role: "assistant", content: LONG_AGENT_TEXT, turn_idx: 11 },
    { role: "user", content: "###STOP###", turn_idx: 12 },
  ];
}

const expectedActions = [
  {
    action_id: "0",
    requestor: "assistant",
    name: "get_user_details",
    arguments: { user_id: "mia_kim_4397" },
    info: null,
    compare_args: null,
  },
  {
    action_id: "1",
    requestor: "assistant",
    name: "send_certificate",
    arguments: { user_id: "mia_kim_4397", amount: 50 },
    info: null,
    compare_args: null,
  },
];

function failedRewardInfo(): unknown {
  return {
    reward: 0.0,
    db_check: { db_match: false, db_reward: 0.0 },
    env_assertions: [],
    action_checks: [
      { action: expectedActions[0], action_match: true, action_reward: 1.0 },
      { action: expectedActions[1], action_match: false, action_reward: 0.0 },
    ],
    nl_assertions: [
      { nl_assertion: "Agent apologizes for the delay.", met: false, justification: "The agent never apologized." },
    ],
    communicate_checks: [
      { info: "23553", met: true, justification: "Information '23553' communicated in the message" },
    ],
    reward_basis: ["DB", "COMMUNICATE"],
    reward_breakdown: { DB: 0.0, COMMUNICATE: 1.0 },
    info: { env: null, nl: null, communicate: null, action: null },
  };
}

/** `domain`: runs uploaded with the same domain share a suite and can be compared task by task. */
export function makeTau2VerdictDocument(tag: string, domain = `airline-${tag}`): Record<string, unknown> {
  return {
    timestamp: "2026-11-30T10:00:00.000000",
    info: {
      git_commit: tag,
      num_trials: 2,
      agent_info: { implementation: "llm_agent", llm: "gpt-4.1-verdicts", llm_args: { temperature: 0 } },
      user_info: { implementation: "user_simulator", llm: "gpt-4.1", llm_args: { temperature: 0 } },
      environment_info: { domain_name: domain, policy: "Be exact.", tool_defs: null },
    },
    tasks: [
      {
        id: TAU2_FIXTURE_TASK_ID,
        description: { purpose: "Compensate a delayed gold member.", relevant_policies: null, notes: null },
        user_scenario: {
          persona: null,
          instructions: {
            domain: "airline",
            reason_for_call: "Delay.",
            known_info: "You are Mia Kim.",
            unknown_info: null,
            task_instructions: "Ask for compensation.",
          },
        },
        initial_state: null,
        evaluation_criteria: {
          actions: expectedActions,
          env_assertions: null,
          communicate_info: ["23553"],
          nl_assertions: ["Agent apologizes for the delay."],
          reward_basis: ["DB", "COMMUNICATE"],
        },
      },
    ],
    simulations: [
      {
        id: `sim-fail-${tag}`,
        task_id: TAU2_FIXTURE_TASK_ID,
        trial: 0,
        termination_reason: "user_stop",
        reward_info: failedRewardInfo(),
        messages: messages(100, tag),
        duration: 3,
      },
      {
        id: `sim-null-${tag}`,
        task_id: TAU2_FIXTURE_TASK_ID,
        trial: 1,
        termination_reason: "user_stop",
        reward_info: null,
        messages: messages(50, tag),
        duration: 3,
      },
    ],
  };
}
