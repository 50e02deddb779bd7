import { randomUUID } from "node:crypto";
import { ingestBundle, type IngestProgress } from "@/lib/server/ingest-bundle";
import { readUpload } from "@/lib/server/upload-request";
import { recordProgress } from "@/lib/server/upload-progress";
import { serverConfig } from "@/lib/server/config";
import { AppError, route } from "@/lib/server/app-error";
import { listBundles } from "@/lib/server/list-bundles";
import { recordUpload } from "@/lib/server/audit";
import { warmRunMetrics } from "@/lib/server/get-run-metrics";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = route(async () => Response.json({ bundles: await listBundles() }));

export const POST = route(async (request, { actor }) => {
  const limit = serverConfig().LOOPSCOPE_MAX_UPLOAD_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new AppError("payload_too_large", `the upload is ${declared} bytes, over the limit of ${limit} bytes (LOOPSCOPE_MAX_UPLOAD_BYTES)`, { limitBytes: limit });

  const uploadId = request.headers.get("x-upload-id") ?? randomUUID();
  const upload = await readUpload(request);
  let last: IngestProgress = { phase: "reading", bytes: 0, trajectories: 0, events: 0, turnPredictions: 0 };
  const result = await ingestBundle({
    chunks: upload.chunks,
    fileName: upload.fileName,
    uploadedBy: actor.userId ?? actor.name,
    signal: request.signal,
    onProgress: (progress) => {
      last = progress;
      recordProgress(uploadId, progress);
    },
  });
  recordProgress(uploadId, last, true);
  switch (result.kind) {
    case "stored": {
      const { kind: _kind, ...body } = result;
      if (!result.duplicate) {
        await recordUpload(actor, { bundleId: result.bundleId, fileName: upload.fileName, format: result.format, counts: { ...result.counts } });
        // Warm the per-run metrics cache now, so the leaderboard never computes many runs at once.
        await warmRunMetrics(result.runs.map((run) => run.id));
      }
      return Response.json(body, { status: result.duplicate ? 200 : 201 });
    }
    case "invalid": {
      const { kind: _kind, ...body } = result;
      return Response.json(body, { status: 422 });
    }
    case "too-large":
      return Response.json({ error: result.error, limitBytes: result.limitBytes }, { status: 413 });
  }
}, { access: "upload" });
