import { z } from "zod";
import { formatTag, TagPairSchema } from "@/lib/bundles/schema/run-tags";
import type { MetricGroupId } from "./leaderboard-metrics";

export const PAGE_SIZES = [25, 50, 100] as const;
/** Runs per page by default: rendering the table is most of the page's server time, and 25 rows of every metric fill a screen. */
export const DEFAULT_PAGE_SIZE = 25;
const GROUP_IDS = ["gold", "closed", "proxy"] as const satisfies readonly MetricGroupId[];
export const DEFAULT_CHART_METRIC = "success";
export const DEFAULT_SORT = "success";
/** Runs with fewer tasks are hidden by default: a rate over one or two tasks ranks on luck. */
export const DEFAULT_MIN_TASKS = 5;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((v) => (v ? v : undefined));

/** Every leaderboard setting lives in the URL; bad values fall back to defaults instead of failing the page. */
export const LeaderboardQuerySchema = z.object({
  suite: optionalText(100),
  family: optionalText(100),
  variant: optionalText(100),
  q: optionalText(200),
  // ?tag=key=value: runs carrying that tag; a malformed tag is ignored like any bad filter.
  tag: TagPairSchema.optional().catch(undefined),
  sort: z
    .string()
    .regex(/^[A-Za-z0-9]{1,40}$/)
    .catch(DEFAULT_SORT)
    .default(DEFAULT_SORT),
  dir: z.enum(["asc", "desc"]).catch("desc").default("desc"),
  minTasks: z.coerce.number().int().min(0).max(1_000_000).catch(DEFAULT_MIN_TASKS).default(DEFAULT_MIN_TASKS),
  /** Undefined: the groups some listed run has data for (decided on the server). */
  groups: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value): MetricGroupId[] | undefined => {
      if (value === undefined) return undefined;
      const ids = value.split(",").filter((id): id is MetricGroupId => (GROUP_IDS as readonly string[]).includes(id));
      return GROUP_IDS.filter((id) => ids.includes(id));
    }),
  metric: z
    .string()
    .regex(/^[A-Za-z0-9]{1,40}$/)
    .catch(DEFAULT_CHART_METRIC)
    .default(DEFAULT_CHART_METRIC),
  /** "list": every run in one ranked list even with all suites (the default then is the model x suite grid). */
  view: z.enum(["list"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  size: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
    .catch(DEFAULT_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE),
});

export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

/** Next's searchParams give string | string[] | undefined; the first value wins. */
export function parseLeaderboardQuery(searchParams: Record<string, string | string[] | undefined>): LeaderboardQuery {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(searchParams)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) flat[key] = first;
  }
  return LeaderboardQuerySchema.parse(flat);
}

/** The /runs URL of a query with a change applied; defaults are left out to keep links short. */
export function buildLeaderboardHref(query: LeaderboardQuery, patch: Partial<LeaderboardQuery> = {}): string {
  const next = { ...query, ...patch };
  const params = new URLSearchParams();
  if (next.suite) params.set("suite", next.suite);
  if (next.family) params.set("family", next.family);
  if (next.variant) params.set("variant", next.variant);
  if (next.q) params.set("q", next.q);
  if (next.tag) params.set("tag", formatTag(next.tag.key, next.tag.value));
  if (next.sort !== DEFAULT_SORT || next.dir !== "desc") {
    params.set("sort", next.sort);
    params.set("dir", next.dir);
  }
  if (next.minTasks !== DEFAULT_MIN_TASKS) params.set("minTasks", String(next.minTasks));
  if (next.groups !== undefined) params.set("groups", next.groups.join(","));
  if (next.metric !== DEFAULT_CHART_METRIC) params.set("metric", next.metric);
  if (next.view) params.set("view", next.view);
  if (next.page > 1) params.set("page", String(next.page));
  if (next.size !== DEFAULT_PAGE_SIZE) params.set("size", String(next.size));
  const search = params.toString();
  return search ? `/runs?${search}` : "/runs";
}

/**
 * With all suites and no search or tag, the leaderboard lands on the model x suite grid: ranking runs of different
 * suites in one list compares numbers that do not compare. A search or tag looks runs up, so it lists them.
 */
export function showsSuiteGrid(query: LeaderboardQuery): boolean {
  return query.suite === undefined && query.q === undefined && query.tag === undefined && query.view !== "list";
}
