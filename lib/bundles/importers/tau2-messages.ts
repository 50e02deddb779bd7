import type { EventActor } from "@/lib/contracts/event";
import { isStorableTimestamp } from "../schema/timestamp";
import type { EventInput } from "./bundle-input";
import type { BundleIssue } from "../issues";
import type { FieldNotes } from "./field-notes";
import { callArgumentsOf, isRecord, nonEmptyString, nonNegativeInteger, parseJsonText, stringOr } from "./json-value";
import { readNumber, type NumberRule } from "./number-rules";

export interface MessageMappingStats {
  /** Timestamps dropped because they carry no UTC offset (tau2 writes local time without one) or one PostgreSQL cannot store. */
  droppedTimestamps: number;
  unparsedArguments: number;
  /** Values stored other than as given (an overflowing number as text, a negative cost as unknown). */
  notes: FieldNotes;
  /** Numbers of the wrong type: located issues, so the simulation is refused. */
  issues: BundleIssue[];
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
function accounting(message: Record<string, unknown>, at: string, stats: MessageMappingStats): EventAccounting {
  const out: EventAccounting = {};
  const read = (value: unknown, rule: NumberRule, path: string) => {
    const reading = readNumber(value, rule, { path, notes: stats.notes });
    if (reading.issue) stats.issues.push(reading.issue);
    return reading.value;
  };
  const usage = message.usage;
  if (isRecord(usage)) {
    const prompt = read(usage.prompt_tokens, "count", `${at}.usage.prompt_tokens`);
    const completion = read(usage.completion_tokens, "count", `${at}.usage.completion_tokens`);
    if (prompt !== undefined || completion !== undefined) {
      out.usage = { ...(prompt === undefined ? {} : { prompt }), ...(completion === undefined ? {} : { completion }) };
    }
  }
  const cost = read(message.cost, "nonNegative", `${at}.cost`);
  if (cost !== undefined) out.costUsd = cost;
  return out;
}

type EventAccounting = Pick<EventInput, "usage" | "costUsd">;

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
  path = `messages[${index}]`,
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
      output:
        content === undefined
          ? message.content === null
            ? null
            : ""
          : parseJsonText(content, { path: `${path}.content`, notes: stats.notes }),
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
    toolCalls.forEach((call: unknown, callIndex) => {
      if (!isRecord(call)) return;
      const name = nonEmptyString(call.name) ?? "unknown_tool";
      const callId = stringOr(call.id);
      if (callId !== undefined) calls.set(callId, name);
      events.push({
        kind: "tool_call",
        actor: actorOfRequestor(call.requestor, speaker),
        tool: name,
        ...(callId === undefined ? {} : { callId }),
        arguments: callArgumentsOf(call.arguments, stats, {
          path: `${path}.tool_calls[${callIndex}].arguments`,
          notes: stats.notes,
        }),
        ...base,
      });
    });
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
  if (first) Object.assign(first, accounting(message, path, stats));
  return events;
}
