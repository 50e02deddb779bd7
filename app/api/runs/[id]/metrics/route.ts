import { z } from "zod";
import { assertNotBlind } from "@/lib/server/auth/blind-scope";
import { route } from "@/lib/server/app-error";
import { getRunMetrics } from "@/lib/server/get-run-metrics";

export const dynamic = "force-dynamic";

const ParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const GET = route<{ id: string }>(async (_request, { params, actor }) => {
  const { id } = ParamsSchema.parse(params);
  await assertNotBlind(actor);
  return Response.json(await getRunMetrics(id));
});
