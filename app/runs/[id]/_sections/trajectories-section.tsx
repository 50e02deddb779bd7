import { getRunTrajectoryPage } from "@/lib/server/get-run-page";
import {
  buildRunPageHref,
  countPages,
  toTrajectoryFilter,
  TRAJECTORY_PAGE_SIZE,
  type RunPageQuery,
} from "@/lib/presenters/run-page-query";
import { TrajectoryFilters } from "@/components/run/trajectory-filters";
import { TrajectoryTable } from "@/components/run/trajectory-table";
import { Pagination } from "@/components/run/pagination";

export async function TrajectoriesSection({ runId, query }: { runId: string; query: RunPageQuery }) {
  const result = await getRunTrajectoryPage({
    runId,
    filter: toTrajectoryFilter(query),
    page: query.page,
    pageSize: TRAJECTORY_PAGE_SIZE,
  });
  const pages = countPages(result.total, TRAJECTORY_PAGE_SIZE);
  return (
    <section aria-label="Trajectory list" id="trajectories" className="panel">
      <h2>Trajectories</h2>
      <TrajectoryFilters runId={runId} query={query} facets={result.facets} />
      <div style={{ marginTop: 10 }}>
        <TrajectoryTable runId={runId} rows={result.rows} />
      </div>
      <Pagination
        label="Trajectory pages"
        page={query.page}
        pages={pages}
        hrefFor={(page) => buildRunPageHref(runId, query, { page }, "#trajectories")}
        summary={`${result.total} matching trajectories`}
      />
    </section>
  );
}
