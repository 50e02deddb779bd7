import type { SubmissionState } from "@/lib/contracts/run-submission";
import type { RunSummary } from "@/lib/contracts/run-summary";
import type { LeaderboardMetrics } from "@/lib/contracts/leaderboard-summary";
import {
  buildMetricCell,
  buildMetricDefinitions,
  METRIC_GROUPS,
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
  /** A tau2-bench leaderboard submission's run: whether its claim was verified (null for any other run). */
  submissionState: SubmissionState | null;
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
    submissionState: run.submission?.state ?? null,
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
  /** The groups shown: the URL's choice among those some listed run has data for (all of those by default). */
  groups: MetricGroupId[];
  /** Groups some listed run has data for: the others cannot be switched on. */
  groupsWithData: MetricGroupId[];
  page: number;
  pageCount: number;
  facets: { suites: { value: string; label: string }[]; families: string[]; variants: string[]; tags: string[] };
}

/** Groups some listed run (under the current filters) has data for. */
export function findGroupsWithData(totals: LeaderboardPageData["totals"]): MetricGroupId[] {
  const withData: Record<MetricGroupId, boolean> = {
    gold: totals.hasGold,
    closed: totals.hasClosed,
    proxy: totals.hasProxy,
  };
  return METRIC_GROUPS.map((g) => g.id).filter((id) => withData[id]);
}

/** Groups with data among the listed runs; closed loop stays when nothing is listed so the table keeps its sort column. */
export function chooseDefaultGroups(totals: LeaderboardPageData["totals"]): MetricGroupId[] {
  const groups = findGroupsWithData(totals);
  return groups.length > 0 ? groups : ["closed"];
}

/**
 * The groups shown: the URL's choice, else all, less any group no listed run has data for. A group of n/a columns
 * only pushed the sorted metric out of view (tau2 runs have no gold-history turns: seven all-n/a columns).
 */
export function chooseShownGroups(
  totals: LeaderboardPageData["totals"],
  requested: readonly MetricGroupId[] | undefined,
): MetricGroupId[] {
  const withData = chooseDefaultGroups(totals);
  if (requested === undefined) return withData;
  const shown = withData.filter((id) => requested.includes(id));
  return shown.length > 0 ? shown : withData;
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
    groups: chooseShownGroups(data.totals, query.groups),
    groupsWithData: chooseDefaultGroups(data.totals),
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

/** What the leaderboard's controls need: everything but the rows, which go to the table alone. */
export type LeaderboardControlsView = Omit<LeaderboardView, "rows">;

/** A metric cell as the client table gets it: no chart bounds, no null detail, the short title. */
export interface TableMetricCell {
  value: number | null;
  text: string;
  detail?: string;
  title?: string;
}

export type TableLeaderboardRow = Omit<LeaderboardRow, "cells"> & { cells: Record<string, TableMetricCell> };

/**
 * A table cell's title: the counts or interval behind the value, after the column's short label. The column header
 * carries the metric's full description; repeating it in each of a page's hundreds of cells made the page heavier
 * without telling more. A cell whose title says something else keeps it whole; a bare description gives no title.
 */
export function leaderboardCellTitle(
  cell: Pick<MetricCell, "title">,
  definition: Pick<MetricDefinition, "label" | "description">,
): string | undefined {
  if (!cell.title.startsWith(definition.description)) return cell.title;
  const rest = cell.title.slice(definition.description.length);
  return rest === "" ? undefined : `${definition.label}${rest}`;
}

/**
 * The rows as the client table needs them. The table is a client component, so its rows travel in the page's
 * payload as well as its HTML: only what a cell shows is sent (the chart is built on the server from the full rows).
 */
export function buildTableRows(
  rows: readonly LeaderboardRow[],
  definitions: readonly MetricDefinition[],
): TableLeaderboardRow[] {
  return rows.map((row) => ({
    ...row,
    cells: Object.fromEntries(
      definitions.map((definition): [string, TableMetricCell] => {
        const cell = row.cells[definition.id];
        if (!cell) return [definition.id, { value: null, text: "n/a" }];
        const title = leaderboardCellTitle(cell, definition);
        return [
          definition.id,
          {
            value: cell.value,
            text: cell.text,
            ...(cell.detail ? { detail: cell.detail } : {}),
            ...(title ? { title } : {}),
          },
        ];
      }),
    ),
  }));
}
