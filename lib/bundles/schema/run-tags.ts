import { z } from "zod";

export const MAX_RUN_TAGS = 50;

export const TagKeySchema = z
  .string()
  .trim()
  .min(1, "a tag needs a key")
  .max(64, "tag keys have at most 64 characters")
  // eslint-disable-next-line no-control-regex -- refusing NUL is the point of this check
  .regex(/^[^=\u0000\s,]+$/, "tag keys contain no '=', ',', spaces or NUL");
export const TagValueSchema = z
  .string()
  .trim()
  .max(200, "tag values have at most 200 characters")
  .refine((value) => !value.includes("\u0000"), "tag values must not contain the NUL character");

export const RunTagsSchema = z
  .record(TagKeySchema, TagValueSchema)
  .refine((tags) => Object.keys(tags).length <= MAX_RUN_TAGS, `a run has at most ${MAX_RUN_TAGS} tags`)
  .describe('key=value labels, e.g. {"experiment": "sft-v2", "owner": "ana"}; filterable with ?tag=key=value');
export type RunTags = z.infer<typeof RunTagsSchema>;

/** One "key=value" (the first '=' splits; a value may contain '='). */
export const TagPairSchema = z
  .string()
  .transform((text, context) => {
    const split = text.indexOf("=");
    if (split < 0) {
      context.addIssue({ code: "custom", message: `tag "${text}" must be written key=value` });
      return z.NEVER;
    }
    return { key: text.slice(0, split).trim(), value: text.slice(split + 1).trim() };
  })
  .pipe(z.object({ key: TagKeySchema, value: TagValueSchema }));
export type TagPair = z.infer<typeof TagPairSchema>;

/** "k=v" strings (repeated fields, or one field with lines or commas) into tags; a later key wins. */
export const TagListSchema = z
  .array(z.string())
  .transform((items) =>
    items
      .flatMap((item) => item.split(/[\n,]/))
      .map((item) => item.trim())
      .filter((item) => item !== ""),
  )
  .pipe(z.array(TagPairSchema).max(MAX_RUN_TAGS, `at most ${MAX_RUN_TAGS} tags`))
  .transform((pairs): RunTags => Object.fromEntries(pairs.map((pair) => [pair.key, pair.value])));

/** Tags of stored rows, read defensively: anything but string values is dropped. */
export function readRunTags(value: unknown): RunTags {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

export function formatTag(key: string, value: string): string {
  return `${key}=${value}`;
}
