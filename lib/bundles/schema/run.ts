import { z } from "zod";
import { Identifier, JsonObjectSchema, NonEmptyString } from "./common";
import { RunTagsSchema } from "./run-tags";

export const ModelSchema = z
  .object({
    name: NonEmptyString,
    family: z.string().optional(),
    size: z.string().optional().describe("parameter count as written, e.g. '4B'"),
  })
  .strict();

export const ComponentConfigSchema = z
  .object({
    name: z.string().optional(),
    version: z.string().optional(),
    config: JsonObjectSchema.optional(),
  })
  .strict();

export const RunSchema = z
  .object({
    id: Identifier.describe("the run's id inside this bundle; trajectories refer to it"),
    name: z.string().optional(),
    model: ModelSchema,
    variant: z.string().trim().min(1).default("base").describe("base, sft, rft or any label"),
    pairingKey: z.string().optional().describe("runs with the same key are one model before and after fine-tuning"),
    agent: ComponentConfigSchema.optional(),
    userSimulator: ComponentConfigSchema.optional(),
    judge: ComponentConfigSchema.optional(),
    tags: RunTagsSchema.optional(),
    metadata: JsonObjectSchema.optional().describe(
      "free-form facts about the run; documented keys: userMode ('default', 'no-user', 'dummy-user'), policyVariant (string or null), timestamp, and any source details",
    ),
  })
  .strict();
export type Run = z.infer<typeof RunSchema>;
