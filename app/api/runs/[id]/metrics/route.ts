import { RunParams } from "@/lib/contracts/route-params";
import { route } from "@/lib/server/route";
import { getRunMetrics } from "@/lib/server/get-run-metrics";

export const dynamic = "force-dynamic";

export const GET = route(async (_request, { params: { id } }) => Response.json(await getRunMetrics(id)), {
  params: RunParams,
  runDetail: true,
});
