import type { ConversionLog, EventInput, TrajectoryInput } from "./bundle-input";
import type { TrialNumbering } from "./bundle-input";
import {
  finiteNumber,
  idString,
  isRecord,
  nonEmptyString,
  nonFiniteAt,
  nonNegativeInteger,
  rewardIssue,
  stringOr,
  toJsonValue,
} from "./json-value";
import { mapTau2Message, type CallNames, type MessageMappingStats } from "./tau2-messages";
import { mapTau2Review, mapTau2ReviewTurns, TAU2_USER_ONLY_REVIEW } from "./tau2-review";

export interface SimulationContext {
  runId: string;
  trials: TrialNumbering;
  stats: MessageMappingStats;
  log: ConversionLog;
}

function sumUsage(events: EventInput[]): TrajectoryInput["usage"] {
  let prompt = 0;
  let completion = 0;
  let seen = false;
  for (const event of events) {
    if (!event.usage) continue;
    seen = true;
    prompt += event.usage.prompt ?? 0;
    completion += event.usage.completion ?? 0;
  }
  return seen ? { prompt, completion } : undefined;
}

/** agent_cost + user_cost: what the whole simulation cost; events keep the per-message split. */
function totalCost(simulation: Record<string, unknown>): number | undefined {
  const agent = finiteNumber(simulation.agent_cost);
  const user = finiteNumber(simulation.user_cost);
  if (agent === undefined && user === undefined) return undefined;
  const total = (agent ?? 0) + (user ?? 0);
  return total >= 0 ? total : undefined;
}

/** The roles of tau2's message model (tau2/data_model/message.py): its loader refuses any other, or none. */
const TAU2_ROLES = ["assistant", "user", "tool", "system"] as const;

function isTau2Role(role: unknown): role is (typeof TAU2_ROLES)[number] {
  return typeof role === "string" && (TAU2_ROLES as readonly string[]).includes(role);
}

function roleIssue(role: unknown): string {
  const expected = `expected one of ${TAU2_ROLES.join(", ")}`;
  if (role === undefined || role === null) return `a message needs a role: ${expected}`;
  return `unknown role ${JSON.stringify(role)}: ${expected}`;
}

export function mapTau2Simulation(raw: unknown, path: string, context: SimulationContext): TrajectoryInput | undefined {
  const { log } = context;
  if (!isRecord(raw)) {
    log.issues.push({ path, message: "a simulation must be a JSON object" });
    return undefined;
  }
  const task = idString(raw.task_id);
  if (task === undefined) {
    log.issues.push({ path: `${path}.task_id`, message: "a simulation needs a task_id" });
    return undefined;
  }
  if (raw.messages !== undefined && raw.messages !== null && !Array.isArray(raw.messages)) {
    log.issues.push({ path: `${path}.messages`, message: "messages must be a list" });
    return undefined;
  }
  const calls: CallNames = new Map();
  const events: EventInput[] = [];
  const messages = Array.isArray(raw.messages) ? raw.messages : [];
  messages.forEach((message, index) => {
    const at = `${path}.messages[${index}]`;
    if (!isRecord(message)) log.issues.push({ path: at, message: "a message must be a JSON object" });
    else if (!isTau2Role(message.role)) log.issues.push({ path: `${at}.role`, message: roleIssue(message.role) });
    else events.push(...mapTau2Message(message, index, calls, context.stats));
  });

  const trajectory: TrajectoryInput = {
    run: context.runId,
    task,
    trial: context.trials.assign(task, nonNegativeInteger(raw.trial)),
    events,
  };
  const id = idString(raw.id);
  if (id !== undefined) trajectory.id = id;
  const stopReason = nonEmptyString(stringOr(raw.termination_reason));
  if (stopReason !== undefined) trajectory.stopReason = stopReason;
  if (isRecord(raw.reward_info)) {
    const given = raw.reward_info.reward;
    // tau2's RewardInfo.reward is a float in [0, 1]: anything else is refused here, not read as no reward.
    const problem = rewardIssue(given);
    if (problem) {
      log.issues.push({ path: `${path}.reward_info.reward`, message: problem });
      return undefined;
    }
    const overflow = nonFiniteAt(raw.reward_info, `${path}.reward_info`);
    if (overflow) {
      log.issues.push({ path: overflow, message: "the number is too large (it overflows to infinity)" });
      return undefined;
    }
    const reward = finiteNumber(given);
    if (reward !== undefined) trajectory.reward = reward;
    const breakdown = toJsonValue(raw.reward_info);
    if (breakdown !== undefined) trajectory.rewardBreakdown = breakdown;
  }
  const cost = totalCost(raw);
  if (cost !== undefined) trajectory.costUsd = cost;
  const agentCost = finiteNumber(raw.agent_cost);
  if (agentCost !== undefined && agentCost >= 0) trajectory.agentCostUsd = agentCost;
  const userCost = finiteNumber(raw.user_cost);
  if (userCost !== undefined && userCost >= 0) trajectory.userCostUsd = userCost;
  const usage = sumUsage(events);
  if (usage) trajectory.usage = usage;
  const duration = finiteNumber(raw.duration);
  if (duration !== undefined && duration >= 0) trajectory.durationMs = duration * 1000;
  const judge = mapTau2Review(raw.review);
  if (judge) trajectory.judge = judge;
  // user_only_review (tau2's user-simulator-only reviewer) is kept beside review: its errors are turn labels too.
  const turnLabels = [
    ...mapTau2ReviewTurns(raw.review),
    ...mapTau2ReviewTurns(raw.user_only_review, TAU2_USER_ONLY_REVIEW),
  ];
  if (turnLabels.length > 0) trajectory.turnLabels = turnLabels;
  return trajectory;
}
