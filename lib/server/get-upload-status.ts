import { z } from "zod";
import { findUploadStatus } from "@/lib/db/uploads";
import { AppError } from "./app-error";

export interface UploadStatus {
  uploadId: string;
  fileName: string;
  phase: z.infer<typeof PhaseSchema>;
  sizeBytes: number;
  bytes: number;
  trajectories: number;
  events: number;
  turnPredictions: number;
  attempts: number;
  lastError: string | null;
  /** When done: the status POST /api/bundles answered synchronously before (201, 200, 422, 413; 500 after the last retry). */
  status: number | null;
  result: unknown;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

const PhaseSchema = z.enum(["queued", "reading", "writing", "metrics", "done"]).catch("queued");

export async function getUploadStatus(uploadId: string): Promise<UploadStatus> {
  const row = await findUploadStatus({ id: uploadId });
  if (!row) throw new AppError("not_found", `no upload with id ${uploadId}`);
  return {
    uploadId: row.id,
    fileName: row.fileName,
    phase: PhaseSchema.parse(row.phase),
    sizeBytes: Number(row.sizeBytes),
    bytes: Number(row.bytes),
    trajectories: row.trajectories,
    events: row.events,
    turnPredictions: row.turnPredictions,
    attempts: row.attempts,
    lastError: row.lastError,
    status: row.httpStatus,
    result: row.result,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
