import { UploadParams } from "@/lib/contracts/route-params";
import { route } from "@/lib/server/route";
import { UploadStatusQuery, waitForUploadStatus } from "@/lib/server/get-upload-status";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Progress of an upload's ingest job and, once done, the answer the upload would have had. With `?after=<updatedAt>
 * &wait=<seconds>` the answer waits (up to 25 s) until the upload has moved on from the status the client holds.
 */
export const GET = route(
  async (request, { params: { id }, query }) => Response.json(await waitForUploadStatus(id, query, request.signal)),
  { access: "upload", params: UploadParams, query: UploadStatusQuery },
);
