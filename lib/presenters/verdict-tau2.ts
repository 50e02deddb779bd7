import { checkCommunicatedInfo, matchExpectedAction, REWARD_TOLERANCE } from "@/lib/metrics";
import {
  agentMessagesOf,
  callsOf,
  collectMarks,
  describeFailedAction,
  formatDiff,
  isRecord,
  type VerdictInput,
} from "./verdict-input";
import {
  numberRecord,
  parseEntries,
  stringList,
  Tau2ActionCheckSchema,
  Tau2ActionSchema,
  Tau2CommunicateCheckSchema,
  Tau2EnvAssertionSchema,
  Tau2NlAssertionSchema,
} from "./verdict-tau2-schema";
import type {
  ActionCheckView,
  CommunicateCheckView,
  DbCheckView,
  EnvAssertionView,
  NlAssertionView,
  VerdictCheck,
  VerdictModel,
} from "./verdict-types";

function actionChecks(
  input: VerdictInput,
  info: Record<string, unknown> | null,
  criteria: Record<string, unknown> | null,
  notes: string[],
): ActionCheckView[] {
  const calls = callsOf(input.events);
  const recorded = parseEntries(Tau2ActionCheckSchema, info?.action_checks);
  const expected = recorded ?? parseEntries(Tau2ActionSchema, criteria?.actions);
  if (!expected) return [];
  if (expected.skipped > 0) notes.push(`${expected.skipped} expected action(s) could not be read.`);
  if (!recorded && expected.entries.length > 0)
    notes.push("Action checks computed here by tau2's comparison: the file recorded none.");
  return expected.entries.map((entry, index) => {
    const action = "action" in entry ? entry.action : entry;
    const recordedMet = "action" in entry ? (entry.action_match ?? null) : null;
    const expectedArguments = action.arguments ?? {};
    const compareArgs = action.compare_args ?? null;
    const match = matchExpectedAction({ name: action.name, arguments: expectedArguments, compareArgs }, calls);
    return {
      kind: "action",
      id: `action-${index}`,
      name: action.name,
      requestor: action.requestor ?? null,
      expectedArguments,
      compareArgs,
      met: recordedMet ?? match.matched,
      origin: recordedMet === null ? "computed" : "recorded",
      computedMet: match.matched,
      matchedSeq: match.matchedSeq,
      closestSeq: match.closestSeq,
      diff: match.diff,
      diffText: formatDiff(match.diff),
    };
  });
}

function communicateChecks(
  input: VerdictInput,
  info: Record<string, unknown> | null,
  criteria: Record<string, unknown> | null,
): CommunicateCheckView[] {
  const recorded = parseEntries(Tau2CommunicateCheckSchema, info?.communicate_checks)?.entries ?? null;
  const required = recorded
    ? recorded.map((check) => check.info)
    : criteria
      ? stringList(criteria.communicate_info)
      : [...input.task.requiredReplyInfo];
  const located = checkCommunicatedInfo(required, agentMessagesOf(input.events));
  return located.map((check, index) => {
    const record = recorded?.[index];
    return {
      kind: "communicate",
      id: `communicate-${index}`,
      info: check.info,
      met: record?.met ?? check.met,
      origin: record ? "recorded" : "computed",
      foundAt: check.foundAt,
      justification: record?.justification ?? null,
    };
  });
}

function nlAssertions(
  info: Record<string, unknown> | null,
  criteria: Record<string, unknown> | null,
): NlAssertionView[] {
  const recorded = parseEntries(Tau2NlAssertionSchema, info?.nl_assertions)?.entries;
  if (recorded && recorded.length > 0) {
    return recorded.map((entry, index) => ({
      kind: "nl",
      id: `nl-${index}`,
      assertion: entry.nl_assertion,
      met: entry.met,
      justification: entry.justification ?? null,
    }));
  }
  // Assertions that were not evaluated (not in the reward basis) are listed without a verdict.
  return stringList(criteria?.nl_assertions).map((assertion, index) => ({
    kind: "nl",
    id: `nl-${index}`,
    assertion,
    met: null,
    justification: null,
  }));
}

function envAssertions(info: Record<string, unknown> | null): EnvAssertionView[] {
  const recorded = parseEntries(Tau2EnvAssertionSchema, info?.env_assertions)?.entries ?? [];
  return recorded.map((entry, index) => ({
    kind: "env",
    id: `env-${index}`,
    envType: entry.env_assertion.env_type ?? null,
    funcName: entry.env_assertion.func_name,
    arguments: entry.env_assertion.arguments ?? {},
    expectedValue: entry.env_assertion.assert_value ?? true,
    met: entry.met,
    message: entry.env_assertion.message ?? null,
  }));
}

function dbCheck(info: Record<string, unknown> | null): DbCheckView | null {
  const check = info?.db_check;
  if (!isRecord(check)) return null;
  return {
    kind: "db",
    id: "db",
    met: typeof check.db_match === "boolean" ? check.db_match : null,
    reward: typeof check.db_reward === "number" ? check.db_reward : null,
  };
}

/** The first failed check in words, in panel order; a failed DB check is explained by the first failed action. */
function headlineOf(checks: readonly VerdictCheck[], basis: readonly string[]): string | null {
  const counts = (kind: string) => basis.length === 0 || basis.includes(kind);
  const failedAction = checks.find((check): check is ActionCheckView => check.kind === "action" && !check.met);
  for (const check of checks) {
    if (check.kind === "db" && check.met === false && counts("DB")) {
      return `DB check failed: the final database differs from the expected one${failedAction ? `; ${describeFailedAction(failedAction)}` : ""}`;
    }
    if (check.kind === "env" && !check.met && counts("ENV_ASSERTION"))
      return `Environment assertion ${check.funcName} failed${check.message ? `: ${check.message}` : ""}`;
    if (check.kind === "action" && !check.met && counts("ACTION"))
      return `Action check failed: ${describeFailedAction(check)}`;
    if (check.kind === "communicate" && !check.met && counts("COMMUNICATE"))
      return `Communicate check failed: "${check.info}" was not said in any agent message`;
    if (check.kind === "nl" && check.met === false && counts("NL_ASSERTION"))
      return `NL assertion failed: ${check.assertion}`;
  }
  return failedAction ? `Not counted in the reward, but ${describeFailedAction(failedAction)}` : null;
}

/** Every part of a tau2 `reward_info` as structured checks tied to the events they refer to. */
export function buildTau2Verdict(input: VerdictInput): VerdictModel {
  const info = isRecord(input.rewardBreakdown) ? input.rewardBreakdown : null;
  const criteria = isRecord(input.task.evaluationCriteria) ? input.task.evaluationCriteria : null;
  const notes: string[] = [];
  const basis =
    stringList(info?.reward_basis).length > 0 ? stringList(info?.reward_basis) : stringList(criteria?.reward_basis);
  const db = dbCheck(info);
  const checks: VerdictCheck[] = [
    ...(db ? [db] : []),
    ...envAssertions(info),
    ...actionChecks(input, info, criteria, notes),
    ...communicateChecks(input, info, criteria),
    ...nlAssertions(info, criteria),
  ];
  if (!info) {
    notes.unshift(
      "tau2 recorded no reward_info for this simulation: it counts as a failure, as in tau2's own metrics (reward NaN is not a success). The checks below are computed here by tau2's rules.",
    );
  }
  const reward = input.reward ?? (typeof info?.reward === "number" ? info.reward : null);
  const passed = reward === null ? (info ? null : false) : Math.abs(reward - 1) <= REWARD_TOLERANCE;
  const headline = !info
    ? "No reward_info recorded: counted as a failure, as tau2 counts it"
    : passed
      ? null
      : headlineOf(checks, basis);
  return {
    source: "tau2",
    reward: info ? { reward, basis, breakdown: numberRecord(info.reward_breakdown) } : null,
    headline,
    passed,
    checks,
    notes,
    marks: collectMarks(checks),
  };
}
