import type { JsonValue } from "../schema/common";
import type { EventInput } from "./bundle-input";
import type { FieldNotes, ValuePlace } from "./field-notes";
import { callArgumentsOf, isRecord, nonEmptyString, stringOr, toJsonValue } from "./json-value";

export interface InspectMessageStats {
  unparsedArguments: number;
  /** Content parts that are not text (images, audio, reasoning): shown as a bracketed placeholder. */
  nonTextParts: number;
  /** Values stored other than as given (an overflowing number in a tool call or error, as text). */
  notes: FieldNotes;
}

const ATTACHMENT = /attachment:\/\/([0-9a-f]+)/g;

/** Inspect moves long strings into `sample.attachments` and leaves `attachment://<hash>` in their place. */
export function resolveAttachments(text: string, attachments: Record<string, unknown>): string {
  if (!text.includes("attachment://")) return text;
  return text.replace(ATTACHMENT, (whole, hash: string) => stringOr(attachments[hash]) ?? whole);
}

/** `content` is a string or a list of parts ({type: "text", text}, {type: "image"}, {type: "reasoning"}, ...). */
function contentText(content: unknown, attachments: Record<string, unknown>, stats: InspectMessageStats): string {
  if (typeof content === "string") return resolveAttachments(content, attachments);
  if (!Array.isArray(content)) return "";
  const parts: string[] = [];
  for (const part of content) {
    if (!isRecord(part)) continue;
    if (part.type === "text" && typeof part.text === "string") parts.push(resolveAttachments(part.text, attachments));
    else {
      stats.nonTextParts += 1;
      parts.push(`[${nonEmptyString(part.type) ?? "content"}]`);
    }
  }
  return parts.join("\n");
}

/** A tool error ({type, message}) keeps the output text next to it, so neither is lost. */
function toolOutput(text: string, error: unknown, place: ValuePlace): JsonValue {
  if (!isRecord(error)) return text;
  return { content: text, error: toJsonValue(error, place) ?? null };
}

/**
 * Maps one Inspect ChatMessage (system, user, assistant, tool) to events. Every event keeps the
 * message's index, so text and the tool calls of one generation stay grouped.
 */
export function mapInspectMessage(
  message: Record<string, unknown>,
  index: number,
  attachments: Record<string, unknown>,
  stats: InspectMessageStats,
  path = `messages[${index}]`,
): EventInput[] {
  const text = contentText(message.content, attachments, stats);
  const base = { message: index };
  switch (message.role) {
    case "system":
      return [{ kind: "system", text, ...base }];
    case "user":
      return [{ kind: "user_message", actor: "user", text, ...base }];
    case "tool": {
      const callId = stringOr(message.tool_call_id);
      const tool = nonEmptyString(message.function);
      const error = message.error;
      return [
        {
          kind: "tool_result",
          actor: "agent",
          ...(tool === undefined ? {} : { tool }),
          ...(callId === undefined ? {} : { callId }),
          output: toolOutput(text, error, { path: `${path}.error`, notes: stats.notes }),
          error: isRecord(error),
          errorInferred: false,
          ...base,
        },
      ];
    }
    case "assistant": {
      const events: EventInput[] = [];
      if (text.trim() !== "") events.push({ kind: "agent_message", actor: "agent", text, ...base });
      const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
      calls.forEach((call: unknown, callIndex) => {
        if (!isRecord(call)) return;
        const callId = stringOr(call.id);
        events.push({
          kind: "tool_call",
          actor: "agent",
          tool: nonEmptyString(call.function) ?? "unknown_tool",
          ...(callId === undefined ? {} : { callId }),
          arguments: callArgumentsOf(call.arguments, stats, {
            path: `${path}.tool_calls[${callIndex}].arguments`,
            notes: stats.notes,
          }),
          ...base,
        });
      });
      // A generation with neither text nor calls still counts as a turn.
      if (events.length === 0) events.push({ kind: "agent_message", actor: "agent", text, ...base });
      return events;
    }
    default:
      return [{ kind: "system", text, ...base }];
  }
}
