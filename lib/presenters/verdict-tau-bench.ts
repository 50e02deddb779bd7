import { z } from "zod";
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
import { numberRecord, parseEntries } from "./verdict-tau2-schema";
import type { ActionCheckView, CommunicateCheckView, DbCheckView, VerdictCheck, VerdictModel } from "./verdict-types";

const TauBenchActionSchema = z.object({
  name: z.string(),
  kwargs: z.record(z.string(), z.unknown()).nullish(),
  arguments: z.record(z.string(), z.unknown()).nullish(),
});

/**
 * tau-bench scores the final database by hash (r_actions) and required outputs (r_outputs); it records no
 * per-action verdict, so each expected action is matched here: same tool, every expected argument equal.
 */
function actionChecks(input: VerdictInput, info: Record<string, unknown> | null, notes: string[]): ActionCheckView[] {
  const parsed =
    parseEntries(TauBenchActionSchema, info?.actions) ?? parseEntries(TauBenchActionSchema, input.task.expectedActions);
  if (!parsed) return [];
  if (parsed.entries.length > 0)
    notes.push(
      "tau-bench records no per-action verdict: expected actions are matched here (same tool, every expected argument equal); its own reward compares the final database.",
    );
  const calls = callsOf(input.events);
  return parsed.entries.map((action, index) => {
    const expectedArguments = action.kwargs ?? action.arguments ?? {};
    const compareArgs = Object.keys(expectedArguments);
    const match = matchExpectedAction({ name: action.name, arguments: expectedArguments, compareArgs }, calls);
    return {
      kind: "action",
      id: `action-${index}`,
      name: action.name,
      requestor: null,
      expectedArguments,
      compareArgs,
      met: match.matched,
      origin: "computed",
      computedMet: match.matched,
      matchedSeq: match.matchedSeq,
      closestSeq: match.closestSeq,
      diff: match.diff,
      diffText: formatDiff(match.diff),
    };
  });
}

function outputChecks(input: VerdictInput, details: Record<string, unknown> | null): CommunicateCheckView[] {
  const recorded = isRecord(details?.outputs) ? details.outputs : null;
  const required = recorded ? Object.keys(recorded) : [...input.task.requiredReplyInfo];
  return checkCommunicatedInfo(required, agentMessagesOf(input.events)).map((check, index) => {
    const met = recorded?.[check.info];
    return {
      kind: "communicate",
      id: `communicate-${index}`,
      info: check.info,
      met: typeof met === "boolean" ? met : check.met,
      origin: typeof met === "boolean" ? "recorded" : "computed",
      foundAt: check.foundAt,
      justification: null,
    };
  });
}

export function buildTauBenchVerdict(input: VerdictInput): VerdictModel {
  const info = isRecord(input.rewardBreakdown) ? input.rewardBreakdown : null;
  const details = isRecord(info?.info) ? info.info : null;
  const notes: string[] = [];
  const rActions = typeof details?.r_actions === "number" ? details.r_actions : null;
  const db: DbCheckView | null =
    rActions === null
      ? null
      : { kind: "db", id: "db", met: Math.abs(rActions - 1) <= REWARD_TOLERANCE, reward: rActions };
  const checks: VerdictCheck[] = [
    ...(db ? [db] : []),
    ...actionChecks(input, info, notes),
    ...outputChecks(input, details),
  ];
  const reward = input.reward;
  const passed = reward === null ? null : Math.abs(reward - 1) <= REWARD_TOLERANCE;
  const failedAction = checks.find((check): check is ActionCheckView => check.kind === "action" && !check.met);
  const failedOutput = checks.find(
    (check): check is CommunicateCheckView => check.kind === "communicate" && !check.met,
  );
  let headline: string | null = null;
  if (passed === false) {
    if (db?.met === false)
      headline = `Database check failed (r_actions 0): the final database differs from the expected one${failedAction ? `; ${describeFailedAction(failedAction)}` : ""}`;
    else if (failedOutput) headline = `Output check failed: "${failedOutput.info}" was not said in any agent message`;
    else if (failedAction) headline = `Action check failed: ${describeFailedAction(failedAction)}`;
  }
  const breakdown = numberRecord(details).filter((entry) => entry.name.startsWith("r_"));
  return {
    source: "tau-bench",
    reward: { reward, basis: [], breakdown },
    headline,
    passed,
    checks,
    notes,
    marks: collectMarks(checks),
  };
}
