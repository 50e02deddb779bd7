import { z } from "zod";
import { Identifier, JsonObjectSchema, JsonValueSchema, ToolCallActionSchema } from "./common";

export const ReferenceMessageSchema = z
  .object({
    role: z.enum(["user", "agent", "tool", "system"]),
    text: z.string().optional(),
    toolCall: ToolCallActionSchema.optional(),
    toolOutput: JsonValueSchema.optional(),
  })
  .strict();

export const TaskSchema = z
  .object({
    id: Identifier.describe("the task's id in its benchmark"),
    goal: z.string().optional().describe("user goal / instructions given to the user simulator"),
    userFacts: JsonObjectSchema.optional(),
    initialState: JsonObjectSchema.optional().describe("system facts: the state before the conversation"),
    expectedFinalState: JsonObjectSchema.optional().describe("the state a successful run must leave"),
    requiredReplyInfo: z.array(z.string()).default([]).describe("strings that must appear in the final reply"),
    expectedBehavior: z.string().optional(),
    expectedActions: z.array(ToolCallActionSchema).optional(),
    evaluationCriteria: JsonValueSchema.optional().describe("a benchmark's own criteria, kept verbatim"),
    requiresTools: z.boolean().default(true),
    persona: z.string().optional(),
    tags: z.array(z.string()).default([]),
    referenceConversation: z.array(ReferenceMessageSchema).optional().describe("the gold conversation"),
  })
  .strict();
export type Task = z.infer<typeof TaskSchema>;
