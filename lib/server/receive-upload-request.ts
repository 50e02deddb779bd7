import { AppError } from "./app-error";
import type { Actor } from "./auth/roles";
import { serverConfig } from "./config";
import { receiveUpload, type ReceivedUpload } from "./receive-upload";
import { readUpload } from "./upload-request";
import { parseUploadOptions } from "./upload-options";

/**
 * The upload use case behind `POST /api/bundles`: refuses a declared size over the limit before reading, reads the
 * body (multipart or raw), validates the options (query and multipart fields) before any byte is stored -- a
 * malformed tag is a 422 with nothing kept -- and hands the bytes to receiveUpload.
 */
export async function receiveUploadRequest(actor: Actor, request: Request): Promise<ReceivedUpload> {
  const limit = serverConfig().LOOPSCOPE_MAX_UPLOAD_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit)
    throw new AppError(
      "payload_too_large",
      `the upload is ${declared} bytes, over the limit of ${limit} bytes (LOOPSCOPE_MAX_UPLOAD_BYTES)`,
      { limitBytes: limit },
    );
  const upload = await readUpload(request);
  const options = parseUploadOptions(request.url, upload.fields);
  return receiveUpload(
    actor,
    upload,
    { ...options, ...(upload.scorer === undefined ? {} : { scorer: upload.scorer }) },
    request.signal,
  );
}
