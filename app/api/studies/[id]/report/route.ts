import { z } from "zod";
import { route } from "@/lib/server/app-error";
import { exportStudyReport } from "@/lib/server/studies/export-study";

const ParamsSchema = z.object({ id: z.string().min(1).max(100) });
const QuerySchema = z.object({ format: z.enum(["csv", "json"]).default("json") });

/** The agreement report as CSV (one figure per row) or JSON; admins always, others once the study is closed. */
export const GET = route<{ id: string }>(async (request, { params, actor }) => {
  const { id } = ParamsSchema.parse(params);
  const { format } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return exportStudyReport(actor, id, format);
});
