import { route } from "@/lib/server/route";
import { listBundles } from "@/lib/server/list-bundles";
import { receiveUploadRequest } from "@/lib/server/receive-upload-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Bundles name their runs and files: shut, like every run list, while the caller annotates an open blind study. */
export const GET = route(async () => Response.json({ bundles: await listBundles() }), { runDetail: true });

/**
 * 202 {uploadId, statusUrl} once the bytes are stored; a worker ingests them and
 * GET statusUrl gives progress and, when done, the 201/200/422/413 answer. On the embedded
 * database (no job queue) the answer comes back here directly, as before.
 */
export const POST = route(
  async (request, { actor }) => {
    const received = await receiveUploadRequest(actor, request);
    if (received.kind === "queued")
      return Response.json(
        { uploadId: received.uploadId, statusUrl: received.statusUrl },
        { status: 202, headers: { location: received.statusUrl } },
      );
    return Response.json(received.body, { status: received.status, headers: { "x-upload-id": received.uploadId } });
  },
  { access: "upload" },
);
