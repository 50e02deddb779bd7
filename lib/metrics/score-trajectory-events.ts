import { isDeepEqual } from "./is-deep-equal";
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

/**
 * A tool_result may lack a tool name (tau2 tool messages carry only the call
 * id), so name and requester are recovered from the matching tool_call.
 */
function resolveCallers(events: readonly MetricEvent[]): Map<string, { toolName: string | null; actor: string }> {
  const byCallId = new Map<string, { toolName: string | null; actor: string }>();
  for (const event of events) {
    if (event.kind === "tool_call" && event.callId !== null) byCallId.set(event.callId, { toolName: event.toolName, actor: event.actor });
  }
  return byCallId;
}

export function checkRequiredReply(required: readonly string[] | null | undefined, finalReply: string | null | undefined): boolean | null {
  if (!required || required.length === 0) return null;
  if (finalReply === null || finalReply === undefined) return false;
  // Case-sensitive substring, like Python's `in` in the seed 002 scorer.
  return required.every((text) => finalReply.includes(text));
}

export function scoreTrajectoryEvents(events: readonly MetricEvent[], context: TrajectoryScoringContext = {}): TrajectoryEventScore {
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  const callers = resolveCallers(ordered);
  const results = ordered.map((event, index) => {
    const caller = event.callId !== null ? callers.get(event.callId) : undefined;
    return { event, index, toolName: event.toolName ?? caller?.toolName ?? null, actor: caller?.actor ?? event.actor };
  });
  const toolResults = results.filter((r) => r.event.kind === "tool_result");
  const errors = toolResults.filter((r) => r.event.isError);
  // Resolved = a later successful result of the same tool for the same requester.
  const unresolved = errors.filter(
    (error) =>
      !toolResults.some(
        (later) => later.index > error.index && !later.event.isError && later.toolName === error.toolName && later.actor === error.actor,
      ),
  );

  const flagged = new Set(context.flaggedTurns ?? []);
  const firstToolError = errors[0]?.index ?? null;
  const firstFlagged = ordered.findIndex((event) => flagged.has(event.turnIndex));
  const candidates = [firstToolError, firstFlagged >= 0 ? firstFlagged : null].filter((v): v is number => v !== null);
  const firstErrorIndex = candidates.length > 0 ? Math.min(...candidates) : null;

  const expected = context.expectedFinalState;
  return {
    stateMatch: expected === null || expected === undefined ? null : isDeepEqual(context.finalState, expected),
    replyCheck: checkRequiredReply(context.requiredReplyInfo, context.finalReply),
    toolErrorCount: errors.length,
    unresolvedToolErrorCount: unresolved.length,
    firstErrorPosition: firstErrorIndex === null ? null : firstErrorIndex / ordered.length,
    userTurns: ordered.filter((event) => event.kind === "user_message" && event.actor === "user").length,
    toolCallCount: ordered.filter((event) => event.kind === "tool_call").length,
    agentToolCallCount: ordered.filter((event) => event.kind === "tool_call" && event.actor === "agent").length,
  };
}
