import { z } from "zod";
import { TASK_FILTERS, TASK_SORTS } from "./compare-task-rows";

export const MAX_COMPARED_RUNS = 8;

/** Rows of the compare page's task table: every row was rendered twice (HTML and the page's payload), 100 tasks 180 KB. */
export const TASKS_PER_PAGE = 25;

/** `runs=a,b,c`: 2..8 distinct run ids, the first is the baseline. */
export const CompareRunIdsSchema = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().max(100))
      .min(2, "pick at least two runs")
      .max(MAX_COMPARED_RUNS, `compare at most ${MAX_COMPARED_RUNS} runs`)
      .refine((ids) => new Set(ids).size === ids.length, "each run may appear once"),
  );

// `crossSuite=1` is the explicit opt-in to compare runs of different suites (every figure is then marked).
const CrossSuite = z
  .enum(["1"])
  .optional()
  .catch(undefined)
  .transform((value) => value === "1");

export const ComparePageQuerySchema = z.object({
  runs: CompareRunIdsSchema,
  crossSuite: CrossSuite,
  filter: z.enum(TASK_FILTERS).catch("all"),
  sort: z.enum(TASK_SORTS).catch("diff-desc"),
  /** Page of the task table (TASKS_PER_PAGE rows); past the end shows the last page. */
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});
export type ComparePageQuery = z.infer<typeof ComparePageQuerySchema>;

export const CompareExportQuerySchema = z.object({
  runs: CompareRunIdsSchema,
  crossSuite: CrossSuite,
  table: z.enum(["protocol", "tasks"]),
  format: z.enum(["csv", "md", "tex"]),
});

const Trial = z.coerce.number().int().min(0).catch(1);

export const CompareTaskQuerySchema = z.object({
  runs: CompareRunIdsSchema,
  task: z.string().min(1).max(500),
  trialA: Trial,
  trialB: Trial,
});

/** Reads the first value of each search parameter (Next gives arrays for repeated keys). */
export function firstValues(params: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
  );
}

export function compareHref(
  runIds: readonly string[],
  query: Partial<Pick<ComparePageQuery, "filter" | "sort" | "crossSuite" | "page">> = {},
): string {
  const params = new URLSearchParams({ runs: runIds.join(",") });
  if (query.crossSuite) params.set("crossSuite", "1");
  if (query.filter && query.filter !== "all") params.set("filter", query.filter);
  if (query.sort && query.sort !== "diff-desc") params.set("sort", query.sort);
  if (query.page !== undefined && query.page > 1) params.set("page", String(query.page));
  return `/compare?${params.toString().replace(/%2C/g, ",")}`;
}

export function compareTaskHref(runIds: readonly [string, string], taskId: string, trialA = 1, trialB = 1): string {
  const params = new URLSearchParams({
    runs: runIds.join(","),
    task: taskId,
    trialA: String(trialA),
    trialB: String(trialB),
  });
  return `/compare/task?${params.toString().replace(/%2C/g, ",")}`;
}
