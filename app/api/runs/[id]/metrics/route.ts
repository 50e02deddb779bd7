import { z } from "zod";
import { route } from "@/lib/server/app-error";
import { getRunMetrics } from "@/lib/server/get-run-metrics";

export const dynamic = "force-dynamic";

const ParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const GET = route<{ id: string }>(async (_request, { params }) => {
  const { id } = ParamsSchema.parse(params);
  return Response.json(await getRunMetrics(id));
});
