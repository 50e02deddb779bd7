import { z } from "zod";
import { Count, JsonObjectSchema, JsonValueSchema, TokenUsageSchema } from "./common";
import { StorableTimestamp } from "./timestamp";

const ActorSchema = z.enum(["agent", "user", "system"]);

const eventBase = {
  turn: Count.optional().describe("turn index; derived from user messages when absent"),
  timestamp: StorableTimestamp.optional(),
  usage: TokenUsageSchema.optional(),
  costUsd: z.number().nonnegative().optional(),
  message: Count.optional().describe(
    "index of the source message this event came from, when one message holds several events (text plus tool calls)",
  ),
};

export const EventSchema = z.discriminatedUnion("kind", [
  z
    .object({ kind: z.literal("user_message"), actor: ActorSchema.default("user"), text: z.string(), ...eventBase })
    .strict(),
  z
    .object({ kind: z.literal("agent_message"), actor: ActorSchema.default("agent"), text: z.string(), ...eventBase })
    .strict(),
  z
    .object({
      kind: z.literal("tool_call"),
      actor: ActorSchema.default("agent").describe(
        "who called the tool: in dual-control benchmarks the user calls tools too",
      ),
      tool: z.string().min(1),
      callId: z.string().optional(),
      arguments: JsonObjectSchema.default({}),
      ...eventBase,
    })
    .strict(),
  z
    .object({
      kind: z.literal("tool_result"),
      actor: ActorSchema.default("agent").describe("who made the call this result answers"),
      tool: z.string().min(1).optional(),
      callId: z.string().optional(),
      output: JsonValueSchema,
      error: z.boolean().default(false),
      errorInferred: z.boolean().default(false).describe("true when the error flag was derived from the output text"),
      ...eventBase,
    })
    .strict(),
  z
    .object({
      kind: z.literal("state_snapshot"),
      actor: ActorSchema.default("system"),
      state: JsonObjectSchema,
      ...eventBase,
    })
    .strict(),
  z
    .object({ kind: z.literal("system"), actor: ActorSchema.default("system"), text: z.string(), ...eventBase })
    .strict(),
]);
export type BundleEvent = z.infer<typeof EventSchema>;
export type EventKind = BundleEvent["kind"];
