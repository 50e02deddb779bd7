import { z } from "zod";
import { AppError } from "@/lib/server/app-error";
import { route } from "@/lib/server/route";
import { importJudgeLabels } from "@/lib/server/studies/import-judge-labels";

const ParamsSchema = z.object({ id: z.string().min(1).max(100) });
const QuerySchema = z.object({ name: z.string().min(1).max(200).default("verdicts") });
const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/**
 * Imports judge verdicts (CSV or JSONL body; ?name= the file name); 422 with located rows stores nothing, 409 on a
 * duplicate. Upload access: an admin's session, or an admin's token with the upload scope (`loopscope judge-labels`).
 */
export const POST = route<{ id: string }>(
  async (request, { params, actor }) => {
    const { id } = ParamsSchema.parse(params);
    const { name } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const text = await request.text();
    if (text.length > MAX_IMPORT_BYTES)
      throw new AppError("payload_too_large", "judge verdict files are limited to 20 MB");
    return Response.json(await importJudgeLabels(actor, id, text, name), { status: 201 });
  },
  { access: "upload" },
);
