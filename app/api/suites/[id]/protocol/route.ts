import { z } from "zod";
import { DownloadFormat, SuiteParams } from "@/lib/contracts/route-params";
import { AppError } from "@/lib/server/app-error";
import { route } from "@/lib/server/route";
import { getProtocolTable } from "@/lib/server/get-protocol-table";
import { EXPORT_FORMATS, exportTable } from "@/lib/presenters/export-table";
import { protocolExportTable } from "@/lib/presenters/protocol-table";

export const dynamic = "force-dynamic";

const ProtocolQuery = z.object({ format: DownloadFormat });

function fileSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "suite"
  );
}

/** The protocol table of a suite as JSON, or as a CSV / Markdown / LaTeX download (`?format=`). */
export const GET = route(
  async (_request, { params: { id }, query: { format } }) => {
    const table = await getProtocolTable(id);
    if (!table) throw new AppError("not_found", `no suite with id ${id}`);
    if (format === "json") return Response.json(table);
    const { contentType, extension } = EXPORT_FORMATS[format];
    return new Response(exportTable(protocolExportTable(table), format), {
      headers: {
        "Content-Type": contentType,
        "Content-Disposition": `attachment; filename="${fileSlug(table.suite.name)}-protocol.${extension}"`,
        "Cache-Control": "no-store",
      },
    });
  },
  { params: SuiteParams, query: ProtocolQuery, runDetail: true },
);
