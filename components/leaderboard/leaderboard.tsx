"use client";

import { useCallback, useMemo, useState, type ReactNode } from "react";
import type { ChartSeries } from "@/lib/presenters/leaderboard-chart";
import { DEFAULT_MIN_TASKS, type LeaderboardQuery } from "@/lib/presenters/leaderboard-query";
import type { LeaderboardControlsView } from "@/lib/presenters/leaderboard-rows";
import { LeaderboardChart } from "@/components/charts/leaderboard-chart";
import { CompareBar, type SelectedRun } from "./compare-bar";
import { LeaderboardControlsContext, type LeaderboardControls } from "./leaderboard-context";
import { LeaderboardPagination } from "./leaderboard-pagination";
import { LeaderboardToolbar } from "./leaderboard-toolbar";
import { HiddenRunsNote } from "./hidden-runs-note";
import { useLeaderboardNavigation } from "./use-leaderboard-navigation";
import styles from "./leaderboard.module.css";

interface Props {
  view: LeaderboardControlsView;
  query: LeaderboardQuery;
  chart: ChartSeries;
  /** The table of the page's runs (<LeaderboardTable>), built by the page from its rows. */
  children: ReactNode;
}

/** The leaderboard's controls around its table: filters, chart, selection, paging. */
export function Leaderboard({ view, query, chart, children }: Props) {
  const { navigate, pending } = useLeaderboardNavigation(query);
  // Selection survives paging and filtering; its order decides the comparison baseline.
  const [selected, setSelectedRuns] = useState<SelectedRun[]>([]);
  const setSelected = useCallback((runs: readonly SelectedRun[], on: boolean) => {
    setSelectedRuns((current) =>
      on
        ? [...current, ...runs.filter((run) => !current.some((entry) => entry.id === run.id))]
        : current.filter((entry) => !runs.some((run) => run.id === entry.id)),
    );
  }, []);
  const controls = useMemo<LeaderboardControls>(
    () => ({ navigate, selected, setSelected }),
    [navigate, selected, setSelected],
  );

  return (
    <LeaderboardControlsContext value={controls}>
      <LeaderboardToolbar
        query={query}
        facets={view.facets}
        groups={view.groups}
        groupsWithData={view.groupsWithData}
        onChange={navigate}
      />
      <LeaderboardChart
        series={chart}
        definitions={view.definitions}
        onMetricChange={(metric) => navigate({ metric })}
      />
      <CompareBar selected={selected} onClear={() => setSelectedRuns([])} />
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
      <div className={`table-scroller ${styles.scroll} ${pending ? styles.pending : ""}`} aria-busy={pending}>
        {children}
      </div>
      <LeaderboardPagination query={query} page={view.page} pageCount={view.pageCount} onChange={navigate} />
    </LeaderboardControlsContext>
  );
}
