import { z } from "zod";
import { assertNotBlind } from "@/lib/server/auth/blind-scope";
import { AppError, route } from "@/lib/server/app-error";
import { getRunHeader, getRunTrajectoryPage } from "@/lib/server/get-run-page";
import { parseRunPageQuery, toTrajectoryFilter, TRAJECTORY_PAGE_SIZE } from "@/lib/presenters/run-page-query";

export const dynamic = "force-dynamic";

const ParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The run page's trajectory list as JSON, with the same filters and paging (outcome, stop, toolError, category, q, page). */
export const GET = route<{ id: string }>(async (request, { params, actor }) => {
  const { id } = ParamsSchema.parse(params);
  await assertNotBlind(actor);
  if (!(await getRunHeader(id))) throw new AppError("not_found", `no run with id ${id}`);
  const query = parseRunPageQuery(Object.fromEntries(new URL(request.url).searchParams));
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
});
