import { z } from "zod";
import { route } from "@/lib/server/app-error";
import { getUploadStatus } from "@/lib/server/get-upload-status";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const ParamsSchema = z.object({ id: z.uuid() });

/** Progress of an upload's ingest job and, once done, the answer the upload would have had. */
export const GET = route<{ id: string }>(
  async (_request, { params }) => {
    const { id } = ParamsSchema.parse(params);
    return Response.json(await getUploadStatus(id));
  },
  { access: "upload" },
);
