import { Readable } from "node:stream";
import busboy from "busboy";
import { AppError } from "./app-error";
import type { ReadableStream as WebReadableStream } from "node:stream/web";

export interface UploadSource {
  fileName: string;
  chunks: AsyncIterable<Uint8Array>;
  /** Settles once the whole request body has been read (multipart may have trailing parts). */
  done: Promise<void>;
  /** Multipart text fields sent before the file (upload options such as tag, variant, pair). */
  fields: Map<string, string[]>;
  /** Inspect logs: the scorer whose values become rewards, from `?scorer=` or a multipart field `scorer` sent before `file`. */
  scorer?: string;
}

const RAW_TYPES = [
  "application/json",
  "application/x-ndjson",
  "application/jsonl",
  "application/gzip",
  "application/x-gzip",
  "application/octet-stream",
  "application/zip",
  "application/x-tar",
];

function scorerFromRequest(request: Request): string | undefined {
  const value = new URL(request.url).searchParams.get("scorer")?.trim();
  return value ? value : undefined;
}

/** The CLI percent-encodes `x-file-name` (headers are Latin-1); `?name=` is already decoded by URLSearchParams. */
function fileNameFromRequest(request: Request): string {
  const header = request.headers.get("x-file-name");
  if (header === null) return checkedFileName(new URL(request.url).searchParams.get("name") ?? "upload", "query.name");
  let decoded: string;
  try {
    decoded = decodeURIComponent(header);
  } catch {
    throw badFileName("headers.x-file-name", "not valid percent-encoding");
  }
  return checkedFileName(decoded, "headers.x-file-name");
}

function badFileName(path: string, message: string): AppError {
  return new AppError("bad_request", `${path}: ${message}`, { issues: [{ path, message }], totalIssues: 1 });
}

/** The name is stored as text: PostgreSQL refuses NUL, and no file name needs control characters. */
function checkedFileName(name: string, path: string): string {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point of this check
  if (/[\u0000-\u001f\u007f]/.test(name)) throw badFileName(path, "must not contain control characters");
  return name;
}

/** Busboy's own errors ("Unexpected end of form") become a located 400, never a 500. */
async function* multipartChunks(stream: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  try {
    yield* stream;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw malformedMultipart(error);
  }
}

function malformedMultipart(error: unknown): AppError {
  const message = `malformed multipart body: ${error instanceof Error ? error.message : String(error)}`;
  return new AppError("bad_request", message, { issues: [{ path: "body", message }], totalIssues: 1 });
}

/** Gives the uploaded file as a byte stream without buffering it: a multipart field `file` or the raw body. */
export async function readUpload(request: Request): Promise<UploadSource> {
  const body = request.body;
  if (!body)
    throw new AppError(
      "bad_request",
      "the request has no body; send the bundle as multipart field `file` or as the raw body",
    );
  // The multipart boundary is case-sensitive: only the media type may be lowercased.
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (mediaType === "multipart/form-data") return readMultipart(request, body, contentType);
  if (mediaType !== "" && !RAW_TYPES.includes(mediaType)) {
    throw new AppError(
      "bad_request",
      `unsupported content type "${mediaType}"; use multipart/form-data or one of ${RAW_TYPES.join(", ")}`,
    );
  }
  const scorer = scorerFromRequest(request);
  return {
    fileName: fileNameFromRequest(request),
    chunks: toNodeStream(body),
    done: Promise.resolve(),
    fields: new Map(),
    ...(scorer === undefined ? {} : { scorer }),
  };
}

function toNodeStream(body: ReadableStream<Uint8Array>): Readable {
  return Readable.fromWeb(body as WebReadableStream<Uint8Array>);
}

function readMultipart(request: Request, body: ReadableStream<Uint8Array>, contentType: string): Promise<UploadSource> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": contentType }, limits: { files: 1 } });
    } catch (error) {
      // A multipart content type without a boundary throws here, synchronously.
      reject(malformedMultipart(error));
      return;
    }
    let found = false;
    const fields = new Map<string, string[]>();
    let scorer = scorerFromRequest(request);
    const done = new Promise<void>((finish) => parser.on("close", () => finish()));
    // Only fields before the file can shape the ingest, which starts as soon as the file does.
    parser.on("field", (name, value) => {
      if (found) return;
      fields.set(name, [...(fields.get(name) ?? []), value]);
      if (name === "scorer" && value.trim() !== "") scorer = value.trim();
    });
    parser.on("file", (field, stream, info) => {
      // A body cut off inside a part errors the part's stream; its reader sees that error when it reads, but a part
      // nobody reads (refused options, a skipped field) would otherwise raise it as an uncaught exception.
      stream.on("error", () => undefined);
      if (field !== "file" || found) {
        stream.resume();
        return;
      }
      found = true;
      try {
        resolve({
          fileName: info.filename ? checkedFileName(info.filename, "body.file.filename") : fileNameFromRequest(request),
          chunks: multipartChunks(stream),
          done,
          fields,
          ...(scorer === undefined ? {} : { scorer }),
        });
      } catch (error) {
        stream.resume();
        reject(error);
      }
    });
    parser.on("error", (error) => reject(malformedMultipart(error)));
    parser.on("close", () => {
      if (!found) reject(new AppError("bad_request", "the multipart body has no field named `file`"));
    });
    toNodeStream(body).pipe(parser);
  });
}
