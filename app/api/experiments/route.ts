import { z } from "zod";
import { DownloadFormat } from "@/lib/contracts/route-params";
import { route } from "@/lib/server/route";
import { getExperiments } from "@/lib/server/get-experiments";
import { EXPORT_FORMATS, exportTable } from "@/lib/presenters/export-table";
import { experimentExportTable } from "@/lib/presenters/experiment-view";

export const dynamic = "force-dynamic";

const ExperimentsQuery = z.object({ format: DownloadFormat });

/** The experiment matrix as JSON (`{rows, columns, resamples, seed}`), or as a CSV / Markdown / LaTeX download (`?format=`). */
export const GET = route(
  async (_request, { query: { format } }) => {
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
  },
  { query: ExperimentsQuery, runDetail: true },
);
