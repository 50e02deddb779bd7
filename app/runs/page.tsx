import Link from "next/link";
import { blindRefusal } from "@/lib/server/auth/blind-scope";
import { requirePageAccess } from "@/lib/server/auth/page-access";
import { getLeaderboardPage } from "@/lib/server/get-leaderboard";
import { buildChartSeries } from "@/lib/presenters/leaderboard-chart";
import {
  buildLeaderboardHref,
  DEFAULT_CHART_METRIC,
  parseLeaderboardQuery,
  showsSuiteGrid,
} from "@/lib/presenters/leaderboard-query";
import { buildLeaderboardMatrix } from "@/lib/presenters/leaderboard-matrix";
import { buildLeaderboardView, buildTableRows } from "@/lib/presenters/leaderboard-rows";
import { Leaderboard } from "@/components/leaderboard/leaderboard";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";
import { LeaderboardMatrixTable } from "@/components/leaderboard/leaderboard-matrix";
import styles from "@/components/leaderboard/leaderboard.module.css";

export const dynamic = "force-dynamic";

/** Runs read for the model x suite grid; beyond this the grid says it shows the first ones by success. */
const GRID_RUN_LIMIT = 2000;

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function RunsPage({ searchParams }: Props) {
  const actor = await requirePageAccess("read");
  const hidden = await blindRefusal(actor);
  if (hidden) {
    return (
      <>
        <h1>Runs</h1>
        <div className="panel">
          {hidden}. <Link href="/studies">Your studies</Link>
        </div>
      </>
    );
  }
  const requested = parseLeaderboardQuery(await searchParams);
  const grid = showsSuiteGrid(requested);
  // The grid needs every listed run at once, not a page of them.
  const data = await getLeaderboardPage(grid ? { ...requested, page: 1, size: GRID_RUN_LIMIT } : requested);
  if (data.facets.totalRuns === 0 && data.pendingSummaries === 0) {
    return (
      <>
        <h1>Runs</h1>
        <div className="panel">
          No runs yet. <Link href="/upload">Upload a bundle</Link> (Loopscope, tau2-bench or tau-bench results).
        </div>
      </>
    );
  }
  if (grid) {
    const matrix = buildLeaderboardMatrix(data.entries);
    const suiteHref = (suiteId: string) => buildLeaderboardHref({ ...requested, page: 1 }, { suite: suiteId });
    return (
      <>
        <h1>Runs</h1>
        <p className={`lead ${styles.textLinks}`}>
          Success rate per model and suite, one row per model and variant, one column per suite and setting (runs of
          different suites are not ranked together). Each cell: success in %, its 95% interval counting the trials of a
          task as one cluster, n = successes/trajectories, and pass^k where every task has k &gt; 1 trials. Pick a
          suite&apos;s header for its ranking with every metric. <Link href="/upload">Upload a bundle</Link> to add
          runs.
        </p>
        <p className={styles.textLinks}>
          <Link href={buildLeaderboardHref(requested, { view: "list" })}>All runs in one list</Link>
          {data.totals.hidden > 0 ? (
            <>
              {" · "}
              {data.totals.hidden} run{data.totals.hidden === 1 ? "" : "s"} with fewer than {requested.minTasks} tasks
              left out: <Link href={buildLeaderboardHref(requested, { minTasks: 0 })}>show them</Link>
            </>
          ) : null}
          {data.totals.matching > data.entries.length ? ` · the first ${data.entries.length} runs by success` : ""}
        </p>
        {matrix.rows.length === 0 ? (
          <div className="panel">No run matches these filters.</div>
        ) : (
          <LeaderboardMatrixTable matrix={matrix} suiteHref={suiteHref} />
        )}
      </>
    );
  }
  // The table gets the page's rows, slimmed to what a cell shows; the controls around it get the rest.
  const { rows, ...view } = buildLeaderboardView(data, requested);
  const chartMetric =
    view.definitions.find((d) => d.id === requested.metric) ??
    view.definitions.find((d) => d.id === DEFAULT_CHART_METRIC);
  const query = { ...requested, sort: data.sort, page: view.page, metric: chartMetric?.id ?? DEFAULT_CHART_METRIC };
  return (
    <>
      <h1>Runs</h1>
      <p className="lead">
        Gold-history (next-turn) scores beside closed-loop outcomes, one row per run. Values in %; ± is a bootstrap
        standard error, [ ] a 95% interval that counts the trials of one task as one cluster (so few tasks give wide
        intervals), n/N the counts behind a rate; n/a where a metric is undefined.{" "}
        <Link href="/upload">Upload a bundle</Link> to add runs.
      </p>
      {requested.suite ? (
        <p className={styles.textLinks}>
          Ranking of the runs of{" "}
          <Link href={`/suites/${encodeURIComponent(requested.suite)}/protocol`} title="Protocol table of this suite">
            {view.facets.suites.find((suite) => suite.value === requested.suite)?.label ?? "this suite"}
          </Link>{" "}
          ·{" "}
          <Link href={buildLeaderboardHref(requested, { suite: undefined, page: 1 })}>
            All suites (models by suite)
          </Link>
        </p>
      ) : null}
      {data.pendingSummaries > 0 ? (
        <p className="panel" role="status">
          {data.pendingSummaries === 1 ? "1 run is" : `${data.pendingSummaries} runs are`} not listed yet: their metrics
          are being computed in the background (new runs, or metric definitions changed with an update).{" "}
          <Link href={buildLeaderboardHref(requested)}>Reload</Link> to see them.
        </p>
      ) : null}
      {chartMetric ? (
        <Leaderboard view={view} query={query} chart={buildChartSeries(rows, chartMetric)}>
          <LeaderboardTable
            rows={buildTableRows(rows, view.definitions)}
            definitions={view.definitions}
            groups={view.groups}
            sort={query.sort}
            dir={query.dir}
            oneSuite={requested.suite !== undefined}
          />
        </Leaderboard>
      ) : null}
    </>
  );
}
