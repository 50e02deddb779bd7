import { z } from "zod";
import { route } from "@/lib/server/app-error";
import { getRunMetrics } from "@/lib/server/get-run-metrics";

export const dynamic = "force-dynamic";

const ParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const GET = route(async (_request: Request, context: { params: Promise<{ id: string }> }) => {
  const { id } = ParamsSchema.parse(await context.params);
  return Response.json(await getRunMetrics(id));
});
