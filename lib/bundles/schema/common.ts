import { z } from "zod";

export const BUNDLE_SCHEMA_VERSION = "loopscope.bundle/v1";

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Where `value` stops being JSON (the path, and what was found there); null when all of it is JSON. */
function notJsonAt(value: unknown): { path: (string | number)[]; found: string } | null {
  switch (typeof value) {
    case "string":
    case "boolean":
      return null;
    case "number":
      return Number.isFinite(value) ? null : { path: [], found: String(value) };
    case "object": {
      if (value === null) return null;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index += 1) {
          const inner = notJsonAt(value[index]);
          if (inner) return { ...inner, path: [index, ...inner.path] };
        }
        return null;
      }
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const inner = notJsonAt((value as Record<string, unknown>)[key]);
        if (inner) return { ...inner, path: [key, ...inner.path] };
      }
      return null;
    }
    default:
      return { path: [], found: typeof value };
  }
}

/**
 * Any JSON value (tool arguments and outputs, states, a benchmark's own criteria), kept as given. A walk, not a
 * recursive zod union: the union tried six schemas at every node and copied every object and array, which was 40 %
 * of what an ingest allocated. Nesting depth is bounded before validation (json-depth.ts).
 */
export const JsonValueSchema = z
  .custom<JsonValue>()
  .superRefine((value, context) => {
    const problem = notJsonAt(value);
    if (problem)
      context.addIssue({
        code: "custom",
        message: `Invalid input: expected a JSON value, received ${problem.found}`,
        path: problem.path,
      });
  })
  .meta({ id: "JsonValue" });

/** What docs/bundle.schema.json says a JsonValue is (JSON Schema cannot carry the check above). */
export const JSON_VALUE_JSON_SCHEMA = {
  anyOf: [
    { type: "string" },
    { type: "number" },
    { type: "boolean" },
    { type: "null" },
    { type: "array", items: { $ref: "#/$defs/JsonValue" } },
    { type: "object", propertyNames: { type: "string" }, additionalProperties: { $ref: "#/$defs/JsonValue" } },
  ],
};

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
