"use client";

import type { RowSelectionState, SortingState } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import type { ChartSeries } from "@/lib/presenters/leaderboard-chart";
import { DEFAULT_MIN_TASKS, type LeaderboardQuery } from "@/lib/presenters/leaderboard-query";
import type { LeaderboardTableView } from "@/lib/presenters/leaderboard-rows";
import { LeaderboardChart } from "@/components/charts/leaderboard-chart";
import { CompareBar, type SelectedRun } from "./compare-bar";
import { LeaderboardPagination } from "./leaderboard-pagination";
import { LeaderboardTable } from "./leaderboard-table";
import { LeaderboardToolbar } from "./leaderboard-toolbar";
import { HiddenRunsNote } from "./hidden-runs-note";
import { useLeaderboardNavigation } from "./use-leaderboard-navigation";

interface Props {
  view: LeaderboardTableView;
  query: LeaderboardQuery;
  chart: ChartSeries;
}

export function Leaderboard({ view, query, chart }: Props) {
  const { navigate, pending } = useLeaderboardNavigation(query);
  // Selection survives paging and filtering; its order decides the comparison baseline.
  const [selected, setSelected] = useState<SelectedRun[]>([]);
  const sorting = useMemo<SortingState>(
    () => (query.sort ? [{ id: query.sort, desc: query.dir === "desc" }] : []),
    [query.sort, query.dir],
  );
  const selectedIds = useMemo(() => selected.map((run) => run.id), [selected]);

  const changeSelection = (next: RowSelectionState) => {
    const kept = selected.filter((run) => next[run.id]);
    const added = view.rows
      .filter((row) => next[row.id] && !kept.some((run) => run.id === row.id))
      .map((row) => ({ id: row.id, label: `${row.model} · ${row.variant}` }));
    setSelected([...kept, ...added]);
  };

  return (
    <>
      <LeaderboardToolbar query={query} facets={view.facets} groups={view.groups} onChange={navigate} />
      <LeaderboardChart
        series={chart}
        definitions={view.definitions}
        onMetricChange={(metric) => navigate({ metric })}
      />
      <CompareBar selected={selected} onClear={() => setSelected([])} />
      <p className="muted" role="status">
        {view.matchingRuns === view.totalRuns
          ? `${view.totalRuns} runs`
          : `${view.matchingRuns} of ${view.totalRuns} runs listed`}
        {pending ? " · updating…" : ""}
      </p>
      <HiddenRunsNote
        hidden={view.hiddenRuns}
        minTasks={query.minTasks}
        onShow={() => navigate({ minTasks: 0, page: 1 })}
        onReset={() => navigate({ minTasks: DEFAULT_MIN_TASKS, page: 1 })}
      />
      <LeaderboardTable
        rows={view.rows}
        definitions={view.definitions}
        groups={view.groups}
        sorting={sorting}
        onSortingChange={(next) => {
          const first = next[0];
          navigate({ sort: first?.id, dir: first?.desc === false ? "asc" : "desc", page: 1 });
        }}
        selected={selectedIds}
        onSelectionChange={changeSelection}
        pending={pending}
      />
      <LeaderboardPagination query={query} page={view.page} pageCount={view.pageCount} onChange={navigate} />
    </>
  );
}
