import { z } from "zod";
import { route } from "@/lib/server/app-error";
import { getExperiments } from "@/lib/server/get-experiments";
import { EXPORT_FORMATS, exportTable } from "@/lib/presenters/export-table";
import { experimentExportTable } from "@/lib/presenters/experiment-view";

export const dynamic = "force-dynamic";

const FormatSchema = z.enum(["json", "csv", "md", "tex"]).default("json");

/** The experiment matrix as JSON (`{rows, columns, resamples, seed}`), or as a CSV / Markdown / LaTeX download (`?format=`). */
export const GET = route(async (request) => {
  const format = FormatSchema.parse(new URL(request.url).searchParams.get("format") ?? undefined);
  const matrix = await getExperiments();
  if (format === "json") return Response.json(matrix);
  const { contentType, extension } = EXPORT_FORMATS[format];
  return new Response(exportTable(experimentExportTable(matrix), format), {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="experiments.${extension}"`,
      "Cache-Control": "no-store",
    },
  });
});
