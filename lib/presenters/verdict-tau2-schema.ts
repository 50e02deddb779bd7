import { z } from "zod";

const Args = z.record(z.string(), z.unknown());

export const Tau2ActionSchema = z.object({
  action_id: z.string().nullish(),
  requestor: z.string().nullish(),
  name: z.string(),
  arguments: Args.nullish(),
  compare_args: z.array(z.string()).nullish(),
});
export const Tau2ActionCheckSchema = z.object({
  action: Tau2ActionSchema,
  action_match: z.boolean().nullish(),
  action_reward: z.number().nullish(),
});
export const Tau2CommunicateCheckSchema = z.object({
  info: z.string(),
  met: z.boolean(),
  justification: z.string().nullish(),
});
export const Tau2NlAssertionSchema = z.object({
  nl_assertion: z.string(),
  met: z.boolean(),
  justification: z.string().nullish(),
});
export const Tau2EnvAssertionSchema = z.object({
  env_assertion: z.object({
    env_type: z.string().nullish(),
    func_name: z.string(),
    arguments: Args.nullish(),
    assert_value: z.boolean().nullish(),
    message: z.string().nullish(),
  }),
  met: z.boolean(),
});

/** Lists are read entry by entry so one odd entry does not hide the rest; the panel says how many were skipped. */
export function parseEntries<T>(schema: z.ZodType<T>, value: unknown): { entries: T[]; skipped: number } | null {
  if (!Array.isArray(value)) return null;
  const entries: T[] = [];
  let skipped = 0;
  for (const item of value) {
    const parsed = schema.safeParse(item);
    if (parsed.success) entries.push(parsed.data);
    else skipped += 1;
  }
  return { entries, skipped };
}

export function numberRecord(value: unknown): { name: string; value: number | null }[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value).map(([name, entry]) => ({ name, value: typeof entry === "number" ? entry : null }));
}

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}
