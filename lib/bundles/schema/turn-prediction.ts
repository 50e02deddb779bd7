import { z } from "zod";
import { Identifier, Count, ToolCallActionSchema } from "./common";

const ActionSchema = z.union([
  z.object({ text: z.string() }).strict(),
  z.object({ toolCall: ToolCallActionSchema }).strict(),
]);
export type TurnAction = z.infer<typeof ActionSchema>;

export const TurnPredictionSchema = z
  .object({
    run: Identifier,
    task: Identifier,
    turn: Count.describe("index of the agent decision in the gold conversation"),
    kind: z.enum(["text", "tool"]),
    reference: ActionSchema,
    prediction: ActionSchema,
    judge: z
      .object({
        name: z.string().optional(),
        success: z.boolean().optional(),
        failureCategory: z.string().optional(),
        rationale: z.string().optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.kind === "text" && !("text" in value.reference)) {
      ctx.addIssue({ code: "custom", path: ["reference"], message: "a text turn needs reference.text" });
    }
    if (value.kind === "tool" && !("toolCall" in value.reference)) {
      ctx.addIssue({ code: "custom", path: ["reference"], message: "a tool turn needs reference.toolCall" });
    }
  });
export type TurnPrediction = z.infer<typeof TurnPredictionSchema>;
