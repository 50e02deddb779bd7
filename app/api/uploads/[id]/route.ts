import { UploadParams } from "@/lib/contracts/route-params";
import { route } from "@/lib/server/app-error";
import { getUploadStatus } from "@/lib/server/get-upload-status";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Progress of an upload's ingest job and, once done, the answer the upload would have had. */
export const GET = route(async (_request, { params: { id } }) => Response.json(await getUploadStatus(id)), {
  access: "upload",
  params: UploadParams,
});
