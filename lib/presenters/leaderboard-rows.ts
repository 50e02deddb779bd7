import { formatTag } from "@/lib/bundles/schema/run-tags";
import type { RunSummary } from "@/lib/contracts/run-summary";
import type { RunMetricsResponse } from "@/lib/contracts/run-metrics";
import { parseModelSize } from "@/lib/presenters/model-size";
import { buildMetricCell, buildMetricDefinitions, findMaxPassK, type MetricCell, type MetricDefinition } from "./leaderboard-metrics";
import type { LeaderboardQuery } from "./leaderboard-query";

export interface LeaderboardEntry {
  run: RunSummary;
  suiteId: string;
  metrics: RunMetricsResponse;
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
    cells: Object.fromEntries(definitions.map((definition) => [definition.id, buildMetricCell(entry.metrics, definition)])),
  };
}

function matchesQuery(entry: LeaderboardEntry, query: LeaderboardQuery): boolean {
  const { run } = entry;
  if (query.suite && entry.suiteId !== query.suite) return false;
  if (query.family && run.family !== query.family) return false;
  if (query.variant && run.variant !== query.variant) return false;
  if (query.tag && run.tags[query.tag.key] !== query.tag.value) return false;
  if (query.q) {
    const needle = query.q.toLowerCase();
    const haystack = [run.displayName, run.name, run.model, run.family ?? "", run.size ?? "", run.variant, run.suite, run.pairingKey ?? ""].join("\n").toLowerCase();
    if (!haystack.includes(needle)) return false;
  }
  return true;
}

type SortKey = number | string | null;

function sortKeyOf(entry: LeaderboardEntry, row: LeaderboardRow, column: string): SortKey {
  switch (column) {
    case "model": return row.model.toLowerCase();
    case "family": return row.family?.toLowerCase() ?? null;
    case "size": return parseModelSize(row.size);
    case "variant": return row.variant.toLowerCase();
    case "suite": return row.suite.toLowerCase();
    case "trajectories": return row.trajectories;
    case "tasks": return entry.run.tasks * 10_000 + entry.run.maxTrials;
    default: return row.cells[column]?.value ?? null;
  }
}

/** Missing values (n/a) go last in either direction; ties keep the incoming (newest first) order. */
function compareKeys(a: SortKey, b: SortKey, direction: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return (a - b) * direction;
  return String(a).localeCompare(String(b)) * direction;
}

export interface LeaderboardView {
  definitions: MetricDefinition[];
  rows: LeaderboardRow[];
  totalRuns: number;
  matchingRuns: number;
  page: number;
  pageCount: number;
  facets: { suites: { value: string; label: string }[]; families: string[]; variants: string[]; tags: string[] };
}

function uniqueSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}

/** Filter, sort and page the runs as the URL says; facets and pass^k columns come from all runs so they stay put. */
export function buildLeaderboardView(entries: readonly LeaderboardEntry[], query: LeaderboardQuery): LeaderboardView {
  const definitions = buildMetricDefinitions(findMaxPassK(entries.map((e) => e.metrics)));
  const sortable = new Set<string>([...INFO_COLUMNS, ...definitions.map((d) => d.id)]);
  const matching = entries.filter((entry) => matchesQuery(entry, query)).map((entry) => ({ entry, row: buildRow(entry, definitions) }));
  if (query.sort && sortable.has(query.sort)) {
    const column = query.sort;
    const direction = query.dir === "asc" ? 1 : -1;
    const keyed = matching.map((item, index) => ({ ...item, index, key: sortKeyOf(item.entry, item.row, column) }));
    keyed.sort((a, b) => compareKeys(a.key, b.key, direction) || a.index - b.index);
    matching.splice(0, matching.length, ...keyed);
  }
  const pageCount = Math.max(1, Math.ceil(matching.length / query.size));
  const page = Math.min(query.page, pageCount);
  const suites = new Map(entries.map((e) => [e.suiteId, e.run.suite]));
  return {
    definitions,
    rows: matching.slice((page - 1) * query.size, page * query.size).map((item) => item.row),
    totalRuns: entries.length,
    matchingRuns: matching.length,
    page,
    pageCount,
    facets: {
      suites: [...suites].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label)),
      families: uniqueSorted(entries.flatMap((e) => (e.run.family ? [e.run.family] : []))),
      variants: uniqueSorted(entries.map((e) => e.run.variant)),
      tags: uniqueSorted(entries.flatMap((e) => Object.entries(e.run.tags).map(([key, value]) => formatTag(key, value)))),
    },
  };
}
