import { RunParams } from "@/lib/contracts/route-params";
import { AppError } from "@/lib/server/app-error";
import { route } from "@/lib/server/route";
import { getRunHeader, getRunTrajectoryPage } from "@/lib/server/get-run-page";
import { RunPageQuerySchema, toTrajectoryFilter, TRAJECTORY_PAGE_SIZE } from "@/lib/presenters/run-page-query";

export const dynamic = "force-dynamic";

/** The run page's trajectory list as JSON, with the same filters and paging (outcome, stop, toolError, category, q, page). */
export const GET = route(
  async (_request, { params: { id }, query }) => {
    if (!(await getRunHeader(id))) throw new AppError("not_found", `no run with id ${id}`);
    const page = await getRunTrajectoryPage({
      runId: id,
      filter: toTrajectoryFilter(query),
      page: query.page,
      pageSize: TRAJECTORY_PAGE_SIZE,
    });
    return Response.json({
      runId: id,
      page: query.page,
      pageSize: TRAJECTORY_PAGE_SIZE,
      total: page.total,
      trajectories: page.rows,
      facets: page.facets,
    });
  },
  { params: RunParams, query: RunPageQuerySchema, runDetail: true },
);
