import { z } from "zod";
import { Identifier, Count, JsonObjectSchema, JsonValueSchema, TokenUsageSchema } from "./common";
import { EventSchema } from "./event";

export const TrajectoryJudgeSchema = z
  .object({
    name: z.string().optional(),
    goalCompleted: z.boolean().optional(),
    errorSource: z.enum(["user", "agent", "none"]).optional(),
    toolHallucination: z.boolean().optional(),
    userHallucination: z.boolean().optional(),
    policyViolation: z.boolean().optional(),
    failureCategory: z.string().optional(),
    rationale: z.string().optional(),
  })
  .strict();

export const TurnLabelSchema = z
  .object({
    turn: Count,
    success: z.boolean().optional(),
    errorSource: z.enum(["user", "agent", "tool", "unknown", "none"]).optional(),
    severity: z.string().optional(),
    failureCategory: z.string().optional(),
    rationale: z.string().optional(),
    judge: z
      .string()
      .min(1)
      .optional()
      .describe("which judge wrote the label, e.g. tau2 review, tau2 user-only review"),
    errorType: z.string().optional().describe("the judge's kind of error, e.g. content_error"),
    tags: z.array(z.string()).optional().describe("the judge's error tags, e.g. hallucination"),
    correctBehavior: z.string().optional().describe("what the judge says should have happened instead"),
  })
  .strict();

export const TrajectorySchema = z
  .object({
    id: z.string().optional().describe("the trajectory's id in its source"),
    run: Identifier.describe("id of a run in this bundle"),
    task: Identifier.describe("id of a task in this bundle"),
    trial: Count,
    stopReason: z.string().min(1).optional().describe("kept verbatim: finished, turn_limit, user_stop, max_steps, ..."),
    stopReasonInferred: z.boolean().default(false),
    finalState: JsonObjectSchema.optional(),
    finalReply: z.string().optional().describe("defaults to the text of the last agent message"),
    reward: z.number().optional(),
    rewardBreakdown: JsonValueSchema.optional(),
    judge: TrajectoryJudgeSchema.optional(),
    turnLabels: z.array(TurnLabelSchema).optional().describe("judge labels of individual turns"),
    costUsd: z.number().nonnegative().optional(),
    agentCostUsd: z
      .number()
      .nonnegative()
      .optional()
      .describe("the agent's part of costUsd, when the source records it"),
    userCostUsd: z
      .number()
      .nonnegative()
      .optional()
      .describe("the user simulator's part of costUsd, when the source records it"),
    usage: TokenUsageSchema.optional(),
    durationMs: z.number().nonnegative().optional(),
    events: z.array(EventSchema),
  })
  .strict();
export type Trajectory = z.infer<typeof TrajectorySchema>;
