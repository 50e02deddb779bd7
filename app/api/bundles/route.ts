import { readUpload } from "@/lib/server/upload-request";
import { serverConfig } from "@/lib/server/config";
import { AppError, route } from "@/lib/server/app-error";
import { listBundles } from "@/lib/server/list-bundles";
import { receiveUpload } from "@/lib/server/receive-upload";
import { parseUploadOptions } from "@/lib/server/upload-options";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = route(async () => Response.json({ bundles: await listBundles() }));

/**
 * 202 {uploadId, statusUrl} once the bytes are stored; a worker ingests them and
 * GET statusUrl gives progress and, when done, the 201/200/422/413 answer. On the embedded
 * database (no job queue) the answer comes back here directly, as before.
 */
export const POST = route(
  async (request, { actor }) => {
    const limit = serverConfig().LOOPSCOPE_MAX_UPLOAD_BYTES;
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (declared > limit)
      throw new AppError(
        "payload_too_large",
        `the upload is ${declared} bytes, over the limit of ${limit} bytes (LOOPSCOPE_MAX_UPLOAD_BYTES)`,
        { limitBytes: limit },
      );

    const upload = await readUpload(request);
    // Options are validated before the bytes are stored: a malformed tag is a 422 with nothing kept.
    const options = parseUploadOptions(request.url, upload.fields);
    const received = await receiveUpload(
      actor,
      upload,
      { ...options, ...(upload.scorer === undefined ? {} : { scorer: upload.scorer }) },
      request.signal,
    );
    if (received.kind === "queued") {
      return Response.json(
        { uploadId: received.uploadId, statusUrl: received.statusUrl },
        { status: 202, headers: { location: received.statusUrl } },
      );
    }
    return Response.json(received.body, { status: received.status, headers: { "x-upload-id": received.uploadId } });
  },
  { access: "upload" },
);
