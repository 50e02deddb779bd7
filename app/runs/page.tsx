import Link from "next/link";
import { blindRefusal } from "@/lib/server/auth/blind-scope";
import { requirePageAccess } from "@/lib/server/auth/page-access";
import { getLeaderboardPage } from "@/lib/server/get-leaderboard";
import { buildChartSeries } from "@/lib/presenters/leaderboard-chart";
import { buildLeaderboardHref, DEFAULT_CHART_METRIC, parseLeaderboardQuery } from "@/lib/presenters/leaderboard-query";
import { buildLeaderboardView, buildTableRows } from "@/lib/presenters/leaderboard-rows";
import { Leaderboard } from "@/components/leaderboard/leaderboard";
import { LeaderboardTable } from "@/components/leaderboard/leaderboard-table";

export const dynamic = "force-dynamic";

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
  const data = await getLeaderboardPage(requested);
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
          />
        </Leaderboard>
      ) : null}
    </>
  );
}
