import { checkRequiredReply } from "@/lib/metrics";
import { diffState } from "./state-diff";
import { collectMarks, type VerdictInput } from "./verdict-input";
import type { ReplyCheckItemView, StateCheckView, VerdictCheck, VerdictModel } from "./verdict-types";

const SHOWN_DIFFERENCES = 5;

function stateCheck(input: VerdictInput): StateCheckView | null {
  const diff = diffState(input.task.expectedFinalState, input.finalState);
  if (diff.status === "no-expected-state") return null;
  const snapshot = [...input.events]
    .filter((event) => event.kind === "state_snapshot")
    .sort((a, b) => b.seq - a.seq)[0];
  return {
    kind: "state",
    id: "state",
    met: input.stateMatch,
    differences: diff.entries
      .slice(0, SHOWN_DIFFERENCES)
      .map((entry) => `${entry.path}: expected ${entry.expected ?? "(absent)"}, got ${entry.actual ?? "(absent)"}`),
    differenceCount: diff.status === "no-final-state" ? 0 : diff.entries.length,
    snapshotSeq: snapshot?.seq ?? null,
  };
}

/** Bundle v1's reply check: each required string, case-sensitive, in the final reply (seed 002). */
function replyChecks(input: VerdictInput): ReplyCheckItemView[] {
  const last = [...input.events]
    .filter((event) => event.kind === "agent_message" && event.actor === "agent")
    .sort((a, b) => b.seq - a.seq)[0];
  // The final reply is the last agent message unless the bundle recorded its own.
  const replySeq = last && last.text === input.finalReply ? last.seq : null;
  return input.task.requiredReplyInfo.map((info, index) => {
    const met = checkRequiredReply([info], input.finalReply) === true;
    return { kind: "reply", id: `reply-${index}`, info, met, foundAt: met ? replySeq : null };
  });
}

export function buildBundleVerdict(input: VerdictInput): VerdictModel {
  const state = stateCheck(input);
  const checks: VerdictCheck[] = [...(state ? [state] : []), ...replyChecks(input)];
  let headline: string | null = null;
  if (state?.met === false) {
    headline =
      state.differenceCount === 0
        ? "State check failed: the trajectory recorded no final state"
        : `State check failed: ${state.differenceCount} field(s) differ (${state.differences[0] ?? ""})`;
  } else {
    const missing = checks.find((check): check is ReplyCheckItemView => check.kind === "reply" && !check.met);
    if (missing) headline = `Reply check failed: "${missing.info}" is missing from the final reply`;
  }
  const checked = input.stateMatch !== null || input.replyCheck !== null;
  const passed = checked ? input.stateMatch !== false && input.replyCheck !== false : null;
  return {
    source: "bundle",
    reward: input.reward === null ? null : { reward: input.reward, basis: [], breakdown: [] },
    headline,
    passed,
    checks,
    notes: [],
    marks: collectMarks(checks),
  };
}
