import type { EventInput } from "./bundle-input";
import type { FieldNotes } from "./field-notes";
import { callArgumentsOf, isRecord, nonEmptyString, parseJsonText, stringOr } from "./json-value";

/** tau-bench's environment turns a tool exception into a result whose text starts with this. */
export const TAU_BENCH_ERROR_PREFIX = "Error:";

export interface TauBenchEventStats {
  unparsedArguments: number;
  /** Values stored other than as given (an overflowing number in a tool call or result, as text). */
  notes: FieldNotes;
}

function assistantEvents(
  message: Record<string, unknown>,
  { index, path }: MessagePlace,
  calls: Map<string, string>,
  stats: TauBenchEventStats,
): EventInput[] {
  const events: EventInput[] = [];
  const content = stringOr(message.content);
  if (content !== undefined && nonEmptyString(content) !== undefined)
    events.push({ kind: "agent_message", actor: "agent", text: content, message: index });
  const toolCalls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  toolCalls.forEach((call: unknown, callIndex) => {
    if (!isRecord(call)) return;
    const fn = isRecord(call.function) ? call.function : {};
    const tool = nonEmptyString(fn.name) ?? nonEmptyString(call.name) ?? "unknown_tool";
    const callId = stringOr(call.id);
    if (callId !== undefined) calls.set(callId, tool);
    events.push({
      kind: "tool_call",
      actor: "agent",
      tool,
      ...(callId === undefined ? {} : { callId }),
      // OpenAI tool calls carry arguments as JSON text; text that is not an object is kept rather than lost.
      arguments: callArgumentsOf(fn.arguments ?? call.arguments, stats, {
        path: `${path}.tool_calls[${callIndex}]${isRecord(call.function) ? ".function" : ""}.arguments`,
        notes: stats.notes,
      }),
      message: index,
    });
  });
  // A message with neither text nor calls still counts as a message of the conversation.
  if (events.length === 0) events.push({ kind: "agent_message", actor: "agent", text: content ?? "", message: index });
  return events;
}

function toolResult(
  message: Record<string, unknown>,
  { index, path }: MessagePlace,
  calls: Map<string, string>,
  notes: FieldNotes,
): EventInput {
  const callId = stringOr(message.tool_call_id);
  const tool = nonEmptyString(message.name) ?? (callId === undefined ? undefined : calls.get(callId));
  const content = stringOr(message.content);
  return {
    kind: "tool_result",
    actor: "agent",
    ...(tool === undefined ? {} : { tool }),
    ...(callId === undefined ? {} : { callId }),
    output: content === undefined ? null : parseJsonText(content, { path: `${path}.content`, notes }),
    // tau-bench stores no error flag: the flag is always read from the text, hence errorInferred on every result.
    error: content !== undefined && content.trimStart().startsWith(TAU_BENCH_ERROR_PREFIX),
    errorInferred: true,
    message: index,
  };
}

/** The message's index in `traj` and its path in the file. */
interface MessagePlace {
  index: number;
  path: string;
}

/** Maps a tau-bench `traj` (OpenAI chat messages) to events; `message` is the index in `traj`. */
export function mapTauBenchTraj(traj: unknown[], stats: TauBenchEventStats, path = "traj"): EventInput[] {
  const calls = new Map<string, string>();
  const events: EventInput[] = [];
  traj.forEach((raw, index) => {
    if (!isRecord(raw)) return;
    const text = stringOr(raw.content) ?? "";
    const place = { index, path: `${path}[${index}]` };
    if (raw.role === "assistant") events.push(...assistantEvents(raw, place, calls, stats));
    else if (raw.role === "tool") events.push(toolResult(raw, place, calls, stats.notes));
    else if (raw.role === "user") events.push({ kind: "user_message", actor: "user", text, message: index });
    else events.push({ kind: "system", text, message: index });
  });
  return events;
}
