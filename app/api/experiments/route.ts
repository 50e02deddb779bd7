import { z } from "zod";
import { DownloadFormat } from "@/lib/contracts/route-params";
import { route } from "@/lib/server/route";
import { getExperiments } from "@/lib/server/get-experiments";
import { downloadResponse } from "@/lib/server/download";
import { exportTable } from "@/lib/presenters/export-table";
import { experimentExportTable } from "@/lib/presenters/experiment-view";

export const dynamic = "force-dynamic";

const ExperimentsQuery = z.object({ format: DownloadFormat });

/** The experiment matrix as JSON (`{rows, columns, resamples, seed}`), or as a CSV / Markdown / LaTeX download (`?format=`). */
export const GET = route(
  async (_request, { query: { format } }) => {
    const matrix = await getExperiments();
    if (format === "json") return Response.json(matrix);
    return downloadResponse({ body: exportTable(experimentExportTable(matrix), format), format, name: "experiments" });
  },
  { query: ExperimentsQuery, runDetail: true },
);
