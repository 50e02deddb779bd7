import { z } from "zod";
import { TagListSchema, type RunTags } from "@/lib/bundles/schema/run-tags";
import { parseLabelMapping, type LabelMapping } from "@/lib/bundles/importers/tau2-judge-review";

const OptionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} has at most ${max} characters`)
    .optional()
    .transform((value) => (value === undefined || value === "" ? undefined : value));

/** What an uploader may say about the uploaded runs: `tag` (repeatable key=value), `variant`, `pair` (a pairing key or a run id). */
export const UploadOptionsSchema = z.object({
  tag: TagListSchema.default({}),
  variant: OptionalText(50, "variant"),
  pair: OptionalText(200, "pair"),
  /** A judge review's label mapping, `satisfactory:pass,failure:fail` (default: tau2's rule). */
  labels: OptionalText(2_000, "labels").transform((text, context) => {
    if (text === undefined) return undefined;
    const parsed = parseLabelMapping(text);
    if (parsed.ok) return parsed.mapping;
    context.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  }),
});
export type UploadOptions = { tags: RunTags; variant?: string; pair?: string; judgeLabels?: LabelMapping };

/** What an upload's job needs besides its bytes: the upload options and, for Inspect logs, the primary scorer. */
export type StoredUploadOptions = UploadOptions & { scorer?: string };

export const StoredUploadOptionsSchema = z.object({
  tags: z.record(z.string(), z.string()).default({}),
  variant: z.string().optional(),
  pair: z.string().optional(),
  scorer: z.string().optional(),
  judgeLabels: z.record(z.string(), z.enum(["pass", "fail"])).optional(),
});

/** Reads upload options from the query string and from multipart fields sent before the file; zod errors become located 422s. */
export function parseUploadOptions(url: string, fields: ReadonlyMap<string, string[]> = new Map()): UploadOptions {
  const params = new URL(url).searchParams;
  const all = (name: string) => [...params.getAll(name), ...(fields.get(name) ?? [])];
  const last = (name: string) => all(name).at(-1);
  const parsed = UploadOptionsSchema.parse({
    tag: all("tag"),
    variant: last("variant"),
    pair: last("pair"),
    labels: last("labels"),
  });
  return {
    tags: parsed.tag,
    ...(parsed.labels === undefined ? {} : { judgeLabels: parsed.labels }),
    ...(parsed.variant === undefined ? {} : { variant: parsed.variant }),
    ...(parsed.pair === undefined ? {} : { pair: parsed.pair }),
  };
}
