import { z } from "zod";
import { AppError, route } from "@/lib/server/app-error";
import { getProtocolTable } from "@/lib/server/get-protocol-table";
import { EXPORT_FORMATS, exportTable } from "@/lib/presenters/export-table";
import { protocolExportTable } from "@/lib/presenters/protocol-table";

export const dynamic = "force-dynamic";

const ParamsSchema = z.object({ id: z.string().min(1).max(100) });
const FormatSchema = z.enum(["json", "csv", "md", "tex"]).default("json");

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
export const GET = route<{ id: string }>(async (request, { params }) => {
  const { id } = ParamsSchema.parse(params);
  const format = FormatSchema.parse(new URL(request.url).searchParams.get("format") ?? undefined);
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
});
