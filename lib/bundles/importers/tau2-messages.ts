import type { EventActor } from "@/lib/contracts/event";
import { isStorableTimestamp } from "../schema/timestamp";
import type { EventInput } from "./bundle-input";
import {
  callArgumentsOf,
  finiteNumber,
  isRecord,
  nonEmptyString,
  nonNegativeInteger,
  parseJsonText,
  stringOr,
} from "./json-value";

export interface MessageMappingStats {
  /** Timestamps dropped because they carry no UTC offset (tau2 writes local time without one) or one PostgreSQL cannot store. */
  droppedTimestamps: number;
  unparsedArguments: number;
}

function actorOfRequestor(requestor: unknown, fallback: EventActor): EventActor {
  if (requestor === "assistant") return "agent";
  if (requestor === "user") return "user";
  return fallback;
}

function shared(
  message: Record<string, unknown>,
  index: number,
  stats: MessageMappingStats,
): Pick<EventInput, "message" | "turn" | "timestamp"> {
  const out: Pick<EventInput, "message" | "turn" | "timestamp"> = { message: index };
  const turn = nonNegativeInteger(message.turn_idx);
  if (turn !== undefined) out.turn = turn;
  const timestamp = stringOr(message.timestamp);
  if (timestamp !== undefined) {
    if (isStorableTimestamp(timestamp)) out.timestamp = timestamp;
    else stats.droppedTimestamps += 1;
  }
  return out;
}

/** Token usage and cost belong to the generation as a whole: they go on the message's first event only. */
function accounting(message: Record<string, unknown>): Pick<EventInput, "usage" | "costUsd"> {
  const out: Pick<EventInput, "usage" | "costUsd"> = {};
  const usage = message.usage;
  if (isRecord(usage)) {
    const prompt = nonNegativeInteger(usage.prompt_tokens);
    const completion = nonNegativeInteger(usage.completion_tokens);
    if (prompt !== undefined || completion !== undefined) {
      out.usage = { ...(prompt === undefined ? {} : { prompt }), ...(completion === undefined ? {} : { completion }) };
    }
  }
  const cost = finiteNumber(message.cost);
  if (cost !== undefined && cost >= 0) out.costUsd = cost;
  return out;
}

/** Remembers which tool each call id named, so results (which carry only the id) get a tool name. */
export type CallNames = Map<string, string>;

/**
 * Maps one tau2 message to events; every event keeps the message's index so the UI can
 * regroup text and tool calls that one generation produced together.
 */
export function mapTau2Message(
  message: Record<string, unknown>,
  index: number,
  calls: CallNames,
  stats: MessageMappingStats,
): EventInput[] {
  const base = shared(message, index, stats);
  const role = message.role;
  const events: EventInput[] = [];
  const content = stringOr(message.content);

  if (role === "tool") {
    const callId = stringOr(message.id);
    const tool = callId === undefined ? undefined : calls.get(callId);
    events.push({
      kind: "tool_result",
      actor: actorOfRequestor(message.requestor, "agent"),
      ...(tool === undefined ? {} : { tool }),
      ...(callId === undefined ? {} : { callId }),
      output: content === undefined ? (message.content === null ? null : "") : parseJsonText(content),
      error: message.error === true,
      errorInferred: false,
      ...base,
    });
  } else if (role !== "assistant" && role !== "user") {
    events.push({ kind: "system", text: content ?? "", ...base });
  } else {
    const speaker: EventActor = role === "user" ? "user" : "agent";
    if (content !== undefined && nonEmptyString(content) !== undefined) {
      events.push(
        speaker === "user"
          ? { kind: "user_message", actor: "user", text: content, ...base }
          : { kind: "agent_message", actor: "agent", text: content, ...base },
      );
    }
    const toolCalls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
    for (const call of toolCalls) {
      if (!isRecord(call)) continue;
      const name = nonEmptyString(call.name) ?? "unknown_tool";
      const callId = stringOr(call.id);
      if (callId !== undefined) calls.set(callId, name);
      events.push({
        kind: "tool_call",
        actor: actorOfRequestor(call.requestor, speaker),
        tool: name,
        ...(callId === undefined ? {} : { callId }),
        arguments: callArgumentsOf(call.arguments, stats),
        ...base,
      });
    }
    // A message with neither text nor calls still counts as a turn of the conversation.
    if (events.length === 0) {
      const text = content ?? "";
      events.push(
        speaker === "user"
          ? { kind: "user_message", actor: "user", text, ...base }
          : { kind: "agent_message", actor: "agent", text, ...base },
      );
    }
  }
  const first = events[0];
  if (first) Object.assign(first, accounting(message));
  return events;
}
