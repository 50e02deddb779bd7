import { RunParams } from "@/lib/contracts/route-params";
import { route } from "@/lib/server/route";
import { getRunJudges } from "@/lib/server/get-run-judges";

export const dynamic = "force-dynamic";

export const GET = route(async (_request, { params: { id } }) => Response.json(await getRunJudges(id)), {
  params: RunParams,
  runDetail: true,
});
