import type { StoredEvent } from "@/lib/contracts/event";

/** The fields of a stored event the recovery rule reads; MetricEvent and the timeline's events have them. */
export type ToolErrorEvent = Pick<StoredEvent, "seq" | "kind" | "actor" | "toolName" | "callId" | "isError">;

export interface ToolErrorResolution {
  /** seq of the error result. */
  errorSeq: number;
  toolName: string | null;
  /** Who made the failed call (the call's actor: a tau2 tool message is authored by the tool, not the requester). */
  actor: string;
  /** seq of the first later successful result of the same tool for the same requester; null = unresolved. */
  resolvedAt: number | null;
}

/**
 * The one recovery rule, used by the stored metric and the timeline alike: an error result is resolved by a
 * later successful result of the same tool for the same requester. A later call that fails again resolves
 * nothing. A result may lack a tool name (tau2 tool messages carry only the call id), so name and
 * requester are recovered from the matching call.
 */
export function resolveToolErrors(events: readonly ToolErrorEvent[]): ToolErrorResolution[] {
  const ordered = [...events].sort((a, b) => a.seq - b.seq);
  const callers = new Map<string, { toolName: string | null; actor: string }>();
  for (const event of ordered) {
    if (event.kind === "tool_call" && event.callId !== null)
      callers.set(event.callId, { toolName: event.toolName, actor: event.actor });
  }
  const results = ordered
    .filter((event) => event.kind === "tool_result")
    .map((event) => {
      const caller = event.callId !== null ? callers.get(event.callId) : undefined;
      return {
        seq: event.seq,
        isError: event.isError,
        toolName: event.toolName ?? caller?.toolName ?? null,
        actor: caller?.actor ?? event.actor,
      };
    });
  return results
    .filter((result) => result.isError)
    .map((error) => {
      const later = results.find(
        (r) => r.seq > error.seq && !r.isError && r.toolName === error.toolName && r.actor === error.actor,
      );
      return { errorSeq: error.seq, toolName: error.toolName, actor: error.actor, resolvedAt: later?.seq ?? null };
    });
}
