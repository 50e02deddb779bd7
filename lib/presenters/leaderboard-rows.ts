import type { RunSummary } from "@/lib/contracts/run-summary";
import {
  buildMetricCell,
  buildMetricDefinitions,
  METRIC_GROUPS,
  type LeaderboardMetrics,
  type MetricCell,
  type MetricDefinition,
  type MetricGroupId,
} from "./leaderboard-metrics";
import type { LeaderboardQuery } from "./leaderboard-query";

export interface LeaderboardEntry {
  run: RunSummary;
  suiteId: string;
  metrics: LeaderboardMetrics;
}

export interface LeaderboardRow {
  id: string;
  name: string;
  model: string;
  family: string | null;
  size: string | null;
  variant: string;
  suite: string;
  suiteId: string;
  trajectories: number;
  tasksTrials: string;
  cells: Record<string, MetricCell>;
}

export const INFO_COLUMNS = ["model", "family", "size", "variant", "suite", "trajectories", "tasks"] as const;

export function formatTasksTrials(run: Pick<RunSummary, "tasks" | "minTrials" | "maxTrials">): string {
  if (run.tasks === 0) return "n/a";
  const trials = run.minTrials === run.maxTrials ? `${run.minTrials}` : `${run.minTrials}-${run.maxTrials}`;
  return `${run.tasks} x ${trials}`;
}

function buildRow(entry: LeaderboardEntry, definitions: readonly MetricDefinition[]): LeaderboardRow {
  const { run } = entry;
  return {
    id: run.id,
    name: run.displayName,
    model: run.model,
    family: run.family,
    size: run.size,
    variant: run.variant,
    suite: run.suite,
    suiteId: entry.suiteId,
    trajectories: run.trajectories,
    tasksTrials: run.coverage ? `${formatTasksTrials(run)} (${run.coverage})` : formatTasksTrials(run),
    cells: Object.fromEntries(
      definitions.map((definition) => [definition.id, buildMetricCell(entry.metrics, definition)]),
    ),
  };
}

/** One page of runs as the server filtered, sorted and paged them, with the totals around it. */
export interface LeaderboardPageData {
  entries: readonly LeaderboardEntry[];
  totals: { matching: number; hidden: number; hasGold: boolean; hasClosed: boolean; hasProxy: boolean };
  facets: {
    totalRuns: number;
    maxPassK: number;
    suites: { value: string; label: string }[];
    families: string[];
    variants: string[];
    tags: string[];
  };
  page: number;
  pageCount: number;
}

export interface LeaderboardView {
  definitions: MetricDefinition[];
  rows: LeaderboardRow[];
  totalRuns: number;
  matchingRuns: number;
  /** Runs that pass the other filters but have fewer tasks than the minimum. */
  hiddenRuns: number;
  /** The groups shown: the URL's choice, else those some listed run has data for. */
  groups: MetricGroupId[];
  page: number;
  pageCount: number;
  facets: { suites: { value: string; label: string }[]; families: string[]; variants: string[]; tags: string[] };
}

/** Groups with data among the listed runs; closed loop stays when nothing is listed so the table keeps its sort column. */
export function chooseDefaultGroups(totals: LeaderboardPageData["totals"]): MetricGroupId[] {
  const withData: Record<MetricGroupId, boolean> = {
    gold: totals.hasGold,
    closed: totals.hasClosed,
    proxy: totals.hasProxy,
  };
  const groups = METRIC_GROUPS.map((g) => g.id).filter((id) => withData[id]);
  return groups.length > 0 ? groups : ["closed"];
}

/** Table rows of the page; pass^k columns come from all runs so they stay put while filtering. */
export function buildLeaderboardView(data: LeaderboardPageData, query: LeaderboardQuery): LeaderboardView {
  const definitions = buildMetricDefinitions(data.facets.maxPassK);
  return {
    definitions,
    rows: data.entries.map((entry) => buildRow(entry, definitions)),
    totalRuns: data.facets.totalRuns,
    matchingRuns: data.totals.matching,
    hiddenRuns: data.totals.hidden,
    groups: query.groups ?? chooseDefaultGroups(data.totals),
    page: data.page,
    pageCount: data.pageCount,
    facets: {
      suites: data.facets.suites,
      families: data.facets.families,
      variants: data.facets.variants,
      tags: data.facets.tags,
    },
  };
}

/**
 * A metric cell as the client table gets it: no chart bounds, no null detail, and its title as the part after
 * the metric's description (the table adds the description back from the column's definition).
 */
export interface TableMetricCell {
  value: number | null;
  text: string;
  detail?: string;
  /** The cell's title is the definition's description followed by this ... */
  note?: string;
  /** ... or, when it does not start with the description, this. */
  title?: string;
}

export type TableLeaderboardRow = Omit<LeaderboardRow, "cells"> & { cells: Record<string, TableMetricCell> };
export type LeaderboardTableView = Omit<LeaderboardView, "rows"> & { rows: TableLeaderboardRow[] };

/**
 * The rows as the client table needs them. The table is a client component, so each row's cells travel
 * in the page's RSC payload as well as its HTML; the chart is built on the server from the full rows.
 */
export function slimLeaderboardRows(
  rows: readonly LeaderboardRow[],
  definitions: readonly MetricDefinition[],
): TableLeaderboardRow[] {
  const descriptions = new Map(definitions.map((definition) => [definition.id, definition.description]));
  return rows.map((row) => ({
    ...row,
    cells: Object.fromEntries(
      Object.entries(row.cells).map(([id, { value, text, detail, title }]): [string, TableMetricCell] => {
        const description = descriptions.get(id) ?? "";
        const label = title.startsWith(description) ? { note: title.slice(description.length) } : { title };
        return [id, detail ? { value, text, detail, ...label } : { value, text, ...label }];
      }),
    ),
  }));
}

/** A cell's full title again, on the client. */
export function tableCellTitle(cell: TableMetricCell, definition: Pick<MetricDefinition, "description">): string {
  return cell.title ?? `${definition.description}${cell.note ?? ""}`;
}
