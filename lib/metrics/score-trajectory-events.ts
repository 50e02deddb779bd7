import { checkCommunicatedInfo } from "./check-communicated-info";
import { isDeepEqual } from "./is-deep-equal";
import { resolveToolErrors } from "./resolve-tool-errors";
import type { ReplyRule } from "./scoring-rules";
import type { MetricEvent } from "./types";

export interface TrajectoryScoringContext {
  /** Strings the final reply must contain; null/undefined/[] means none required. */
  requiredReplyInfo?: readonly string[] | null;
  /** null/undefined means the task has no expected state. */
  expectedFinalState?: unknown;
  finalState?: unknown;
  finalReply?: string | null;
  /** turnIndex values a judge flagged as erroneous. */
  flaggedTurns?: readonly number[];
  /** How required strings are looked for (scoring-rules.ts); default: the final reply, case-sensitive. */
  replyRule?: ReplyRule;
}

export interface TrajectoryEventScore {
  stateMatch: boolean | null;
  replyCheck: boolean | null;
  toolErrorCount: number;
  unresolvedToolErrorCount: number;
  firstErrorPosition: number | null;
  userTurns: number;
  /** All tool_call events, whoever made them. */
  toolCallCount: number;
  /** tool_call events made by the agent; in dual-control runs the user's calls are not the agent's actions. */
  agentToolCallCount: number;
}

export function checkRequiredReply(
  required: readonly string[] | null | undefined,
  finalReply: string | null | undefined,
): boolean | null {
  if (!required || required.length === 0) return null;
  if (finalReply === null || finalReply === undefined) return false;
  // Case-sensitive substring, like Python's `in` in the seed 002 scorer.
  return required.every((text) => finalReply.includes(text));
}

function checkReply(events: readonly MetricEvent[], context: TrajectoryScoringContext): boolean | null {
  if (context.replyRule !== "any-agent-message")
    return checkRequiredReply(context.requiredReplyInfo, context.finalReply);
  const required = context.requiredReplyInfo;
  if (!required || required.length === 0) return null;
  const messages = events.flatMap((event) =>
    event.kind === "agent_message" && event.actor === "agent" && event.text !== null
      ? [{ seq: event.seq, text: event.text }]
      : [],
  );
  return checkCommunicatedInfo(required, messages).every((check) => check.met);
}

export function scoreTrajectoryEvents(
  events: readonly MetricEvent[],
  context: TrajectoryScoringContext = {},
): TrajectoryEventScore {
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  const errors = resolveToolErrors(ordered);
  const positionOf = new Map(ordered.map((event, index) => [event.seq, index]));

  const flagged = new Set(context.flaggedTurns ?? []);
  const firstToolError = errors[0] ? (positionOf.get(errors[0].errorSeq) ?? null) : null;
  const firstFlagged = ordered.findIndex((event) => flagged.has(event.turnIndex));
  const candidates = [firstToolError, firstFlagged >= 0 ? firstFlagged : null].filter((v): v is number => v !== null);
  const firstErrorIndex = candidates.length > 0 ? Math.min(...candidates) : null;

  const expected = context.expectedFinalState;
  return {
    stateMatch: expected === null || expected === undefined ? null : isDeepEqual(context.finalState, expected),
    replyCheck: checkReply(ordered, context),
    toolErrorCount: errors.length,
    unresolvedToolErrorCount: errors.filter((error) => error.resolvedAt === null).length,
    firstErrorPosition: firstErrorIndex === null ? null : firstErrorIndex / ordered.length,
    userTurns: ordered.filter((event) => event.kind === "user_message" && event.actor === "user").length,
    toolCallCount: ordered.filter((event) => event.kind === "tool_call").length,
    agentToolCallCount: ordered.filter((event) => event.kind === "tool_call" && event.actor === "agent").length,
  };
}
