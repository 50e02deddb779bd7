import { z } from "zod";
import { DownloadFormat, SuiteParams } from "@/lib/contracts/route-params";
import { AppError } from "@/lib/server/app-error";
import { route } from "@/lib/server/route";
import { getProtocolTable } from "@/lib/server/get-protocol-table";
import { downloadResponse, fileSlug } from "@/lib/server/download";
import { exportTable } from "@/lib/presenters/export-table";
import { protocolExportTable } from "@/lib/presenters/protocol-table";

export const dynamic = "force-dynamic";

const ProtocolQuery = z.object({ format: DownloadFormat });

/** The protocol table of a suite as JSON, or as a CSV / Markdown / LaTeX download (`?format=`). */
export const GET = route(
  async (_request, { params: { id }, query: { format } }) => {
    const table = await getProtocolTable(id);
    if (!table) throw new AppError("not_found", `no suite with id ${id}`);
    if (format === "json") return Response.json(table);
    return downloadResponse({
      body: exportTable(protocolExportTable(table), format),
      format,
      name: `${fileSlug(table.suite.name, "suite")}-protocol`,
    });
  },
  { params: SuiteParams, query: ProtocolQuery, runDetail: true },
);
