import { z } from "zod";
import { AppError, route } from "@/lib/server/app-error";
import { exportStudyLabels } from "@/lib/server/studies/export-study";
import { importLabels } from "@/lib/server/studies/import-labels";

const ParamsSchema = z.object({ id: z.string().min(1).max(100) });
const QuerySchema = z.object({ format: z.enum(["csv", "json"]).default("csv") });
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** All labels of a study (humans, imports, the frozen judge labels, adjudications) as CSV or JSON. */
export const GET = route<{ id: string }>(async (request, { params, actor }) => {
  const { id } = ParamsSchema.parse(params);
  const { format } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return exportStudyLabels(actor, id, format);
});

/** Imports labels from CSV (columns item, annotator, dimension, label); 422 with line numbers stores nothing. */
export const POST = route<{ id: string }>(
  async (request, { params, actor }) => {
    const { id } = ParamsSchema.parse(params);
    const text = await request.text();
    if (text.length > MAX_IMPORT_BYTES) throw new AppError("payload_too_large", "label files are limited to 5 MB");
    return Response.json(await importLabels(actor, id, text), { status: 201 });
  },
  { access: "admin" },
);
