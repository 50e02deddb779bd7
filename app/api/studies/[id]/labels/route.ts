import { z } from "zod";
import { StudyParams } from "@/lib/contracts/route-params";
import { AppError } from "@/lib/server/app-error";
import { route } from "@/lib/server/route";
import { exportStudyLabels } from "@/lib/server/studies/export-study";
import { importLabels } from "@/lib/server/studies/import-labels";

const LabelsQuery = z.object({ format: z.enum(["csv", "json"]).default("csv") });
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** All labels of a study (humans, imports, the frozen judge labels, adjudications) as CSV or JSON. */
export const GET = route(
  async (_request, { params: { id }, query: { format }, actor }) => exportStudyLabels(actor, id, format),
  { params: StudyParams, query: LabelsQuery },
);

/** Imports labels from CSV (columns item, annotator, dimension, label); 422 with line numbers stores nothing. */
export const POST = route(
  async (request, { params: { id }, actor }) => {
    const text = await request.text();
    if (text.length > MAX_IMPORT_BYTES) throw new AppError("payload_too_large", "label files are limited to 5 MB");
    return Response.json(await importLabels(actor, id, text), { status: 201 });
  },
  { access: "admin", params: StudyParams },
);
