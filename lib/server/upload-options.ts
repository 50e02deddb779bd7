import { z } from "zod";
import { TagListSchema, type RunTags } from "@/lib/bundles/schema/run-tags";

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
});
export type UploadOptions = { tags: RunTags; variant?: string; pair?: string };

/** What an upload's job needs besides its bytes: the upload options and, for Inspect logs, the primary scorer. */
export type StoredUploadOptions = UploadOptions & { scorer?: string };

export const StoredUploadOptionsSchema = z.object({
  tags: z.record(z.string(), z.string()).default({}),
  variant: z.string().optional(),
  pair: z.string().optional(),
  scorer: z.string().optional(),
});

/** Reads upload options from the query string and from multipart fields sent before the file; zod errors become located 422s. */
export function parseUploadOptions(url: string, fields: ReadonlyMap<string, string[]> = new Map()): UploadOptions {
  const params = new URL(url).searchParams;
  const all = (name: string) => [...params.getAll(name), ...(fields.get(name) ?? [])];
  const last = (name: string) => all(name).at(-1);
  const parsed = UploadOptionsSchema.parse({ tag: all("tag"), variant: last("variant"), pair: last("pair") });
  return {
    tags: parsed.tag,
    ...(parsed.variant === undefined ? {} : { variant: parsed.variant }),
    ...(parsed.pair === undefined ? {} : { pair: parsed.pair }),
  };
}
