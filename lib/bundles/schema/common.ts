import { z } from "zod";

export const BUNDLE_SCHEMA_VERSION = "loopscope.bundle/v1";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const JsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(JsonValueSchema),
    z.record(z.string(), JsonValueSchema),
  ]),
);

export const JsonObjectSchema = z.record(z.string(), JsonValueSchema);
export type JsonObject = z.infer<typeof JsonObjectSchema>;

export const NonEmptyString = z.string().trim().min(1, "must not be empty");

/** An id records refer to; PostgreSQL text cannot hold the NUL character. */
export const Identifier = NonEmptyString.refine(
  (value) => !value.includes("\u0000"),
  "must not contain the NUL character",
);

/** A non-negative integer that fits PostgreSQL's int4 (trials, turns, token counts). */
export const Count = z.number().int().nonnegative().max(2_147_483_647);

export const TokenUsageSchema = z
  .object({
    prompt: Count.optional(),
    completion: Count.optional(),
  })
  .strict();
export type TokenUsage = z.infer<typeof TokenUsageSchema>;

export const ToolCallActionSchema = z
  .object({
    name: NonEmptyString,
    arguments: JsonObjectSchema.default({}),
  })
  .strict();
export type ToolCallAction = z.infer<typeof ToolCallActionSchema>;
