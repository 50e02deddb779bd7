import { z } from "zod";
import { EVENT_ACTORS, EVENT_KINDS, type EventKind } from "@/lib/contracts/event";
import { Count, JsonObjectSchema, JsonValueSchema, TokenUsageSchema } from "./common";
import { StorableTimestamp } from "./timestamp";

const ActorSchema = z.enum(EVENT_ACTORS);

/** `actor`, defaulting to who authors this kind of event (lib/contracts/event.ts). */
const actorOf = (kind: EventKind) => ActorSchema.default(EVENT_KINDS[kind].defaultActor);

const eventBase = {
  turn: Count.optional().describe("turn index; derived from user messages when absent"),
  timestamp: StorableTimestamp.optional(),
  usage: TokenUsageSchema.optional(),
  costUsd: z.number().nonnegative().optional(),
  message: Count.optional().describe(
    "index of the source message this event came from, when one message holds several events (text plus tool calls)",
  ),
};

// One object schema per kind of the registry; `satisfies` refuses a kind missing here or one the registry lacks.
const EventSchemas = {
  user_message: z
    .object({ kind: z.literal("user_message"), actor: actorOf("user_message"), text: z.string(), ...eventBase })
    .strict(),
  agent_message: z
    .object({ kind: z.literal("agent_message"), actor: actorOf("agent_message"), text: z.string(), ...eventBase })
    .strict(),
  tool_call: z
    .object({
      kind: z.literal("tool_call"),
      actor: actorOf("tool_call").describe("who called the tool: in dual-control benchmarks the user calls tools too"),
      tool: z.string().min(1),
      callId: z.string().optional(),
      arguments: JsonObjectSchema.default({}),
      ...eventBase,
    })
    .strict(),
  tool_result: z
    .object({
      kind: z.literal("tool_result"),
      actor: actorOf("tool_result").describe("who made the call this result answers"),
      tool: z.string().min(1).optional(),
      callId: z.string().optional(),
      output: JsonValueSchema,
      error: z.boolean().default(false),
      errorInferred: z.boolean().default(false).describe("true when the error flag was derived from the output text"),
      ...eventBase,
    })
    .strict(),
  state_snapshot: z
    .object({
      kind: z.literal("state_snapshot"),
      actor: actorOf("state_snapshot"),
      state: JsonObjectSchema,
      ...eventBase,
    })
    .strict(),
  system: z.object({ kind: z.literal("system"), actor: actorOf("system"), text: z.string(), ...eventBase }).strict(),
} satisfies { [Kind in EventKind]: z.ZodObject<{ kind: z.ZodLiteral<Kind> }> };

export const EventSchema = z.discriminatedUnion("kind", [
  EventSchemas.user_message,
  EventSchemas.agent_message,
  EventSchemas.tool_call,
  EventSchemas.tool_result,
  EventSchemas.state_snapshot,
  EventSchemas.system,
]);
export type BundleEvent = z.infer<typeof EventSchema>;
