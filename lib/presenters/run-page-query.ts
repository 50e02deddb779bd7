import { z } from "zod";
import { firstValues } from "./compare-params";
import { TASK_GRID_SORTS } from "./task-grid";

/** Sentinel stop-reason filter value for trajectories without a recorded stop reason. */
export const NO_STOP_REASON = "(none)";
export const TRAJECTORY_PAGE_SIZE = 50;
/** Task rows per grid page and trial columns per window: 20 x 10 cells keep a 100-trial run's page small. */
export const GRID_PAGE_SIZE = 20;
export const GRID_TRIAL_WINDOW = 10;

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .catch(undefined)
  .transform((value) => (value ? value : undefined));
const pageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1);

/** The run page's URL state: trajectory filters, table page, grid sort and grid page. Bad values fall back to defaults. */
export const RunPageQuerySchema = z.object({
  outcome: z.enum(["success", "fail", "unknown"]).optional().catch(undefined),
  stop: optionalText,
  toolError: z.enum(["yes", "no"]).optional().catch(undefined),
  category: optionalText,
  q: optionalText,
  page: pageNumber,
  gridSort: z.enum(TASK_GRID_SORTS).catch("task").default("task"),
  gridPage: pageNumber,
  /** Which window of GRID_TRIAL_WINDOW trial columns the grid shows. */
  gridTrials: pageNumber,
});
export type RunPageQuery = z.infer<typeof RunPageQuerySchema>;

export function parseRunPageQuery(searchParams: Record<string, string | string[] | undefined>): RunPageQuery {
  return RunPageQuerySchema.parse(firstValues(searchParams));
}

export interface TrajectoryFilterValues {
  outcome?: "success" | "fail" | "unknown";
  stopReason?: string | null;
  hasToolError?: boolean;
  failureCategory?: string;
  search?: string;
}

export function toTrajectoryFilter(query: RunPageQuery): TrajectoryFilterValues {
  return {
    outcome: query.outcome,
    stopReason: query.stop === undefined ? undefined : query.stop === NO_STOP_REASON ? null : query.stop,
    hasToolError: query.toolError === undefined ? undefined : query.toolError === "yes",
    failureCategory: query.category,
    search: query.q,
  };
}

const DEFAULTS: Partial<Record<keyof RunPageQuery, string | number>> = {
  page: 1,
  gridPage: 1,
  gridSort: "task",
  gridTrials: 1,
};

/** A link to the run page with the current state and some values changed; defaults are left out of the URL. */
export function buildRunPageHref(
  runId: string,
  query: RunPageQuery,
  changes: Partial<RunPageQuery> = {},
  hash = "",
): string {
  const merged: Record<string, unknown> = { ...query, ...changes };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(merged)) {
    if (value === undefined || value === null || value === "") continue;
    if (DEFAULTS[key as keyof RunPageQuery] === value) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return `/runs/${runId}${search ? `?${search}` : ""}${hash}`;
}

export function countPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface TaskGridWindow {
  pages: number;
  page: number;
  /** Index of the first task row shown (of the sorted rows). */
  firstRow: number;
  windows: number;
  trialWindow: number;
  /** Index of the first trial column shown. */
  firstColumn: number;
}

/** Which task rows and trial columns of the grid a query shows, clamped to what exists. */
export function taskGridWindow(
  taskCount: number,
  trialCount: number,
  query: Pick<RunPageQuery, "gridPage" | "gridTrials">,
): TaskGridWindow {
  const pages = countPages(taskCount, GRID_PAGE_SIZE);
  const page = Math.min(query.gridPage, pages);
  const windows = countPages(trialCount, GRID_TRIAL_WINDOW);
  const trialWindow = Math.min(query.gridTrials, windows);
  return {
    pages,
    page,
    firstRow: (page - 1) * GRID_PAGE_SIZE,
    windows,
    trialWindow,
    firstColumn: (trialWindow - 1) * GRID_TRIAL_WINDOW,
  };
}
