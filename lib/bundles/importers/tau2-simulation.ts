import type { ConversionLog, EventInput, TrajectoryInput } from "./bundle-input";
import type { TrialNumbering } from "./bundle-input";
import { readNumber, type NumberRule } from "./number-rules";
import {
  compact,
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

/**
 * agent_cost, user_cost, their sum (what the whole simulation cost; events keep the per-message split) and duration
 * in seconds, each read by its rule. The sum counts the parts tau2 wrote; a part it wrote that was refused (a negative
 * cost) leaves the sum unknown too, rather than a total that leaves it out.
 */
function measures(raw: Record<string, unknown>, path: string, context: SimulationContext): Partial<TrajectoryInput> {
  const read = (key: string, rule: NumberRule) => {
    const reading = readNumber(raw[key], rule, { path: `${path}.${key}`, notes: context.stats.notes });
    if (reading.issue) context.log.issues.push(reading.issue);
    return reading.value;
  };
  const agent = read("agent_cost", "nonNegative");
  const user = read("user_cost", "nonNegative");
  const duration = read("duration", "nonNegative");
  const refused = (key: string, value: number | undefined) => value === undefined && raw[key] != null;
  const total =
    (agent === undefined && user === undefined) || refused("agent_cost", agent) || refused("user_cost", user)
      ? undefined
      : (agent ?? 0) + (user ?? 0);
  return compact({
    costUsd: total,
    agentCostUsd: agent,
    userCostUsd: user,
    durationMs: duration === undefined ? undefined : duration * 1000,
  });
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
    else events.push(...mapTau2Message(message, index, calls, context.stats, at));
  });
  log.issues.push(...context.stats.issues.splice(0));

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
  Object.assign(trajectory, measures(raw, path, context));
  const usage = sumUsage(events);
  if (usage) trajectory.usage = usage;
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
