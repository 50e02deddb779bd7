import { z } from "zod";
import { StudyParams } from "@/lib/contracts/route-params";
import { route } from "@/lib/server/route";
import { exportStudyReport } from "@/lib/server/studies/export-study";

const ReportQuery = z.object({ format: z.enum(["csv", "json"]).default("json") });

/** The agreement report as CSV (one figure per row) or JSON; admins always, others once the study is closed. */
export const GET = route(
  async (_request, { params: { id }, query: { format }, actor }) => exportStudyReport(actor, id, format),
  { params: StudyParams, query: ReportQuery },
);
