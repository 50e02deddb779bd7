import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";
import { TextRepair, storableString } from "@/lib/bundles/storable-text";

export const uploadStatusSelect = {
  id: true,
  fileName: true,
  sizeBytes: true,
  phase: true,
  bytes: true,
  trajectories: true,
  events: true,
  turnPredictions: true,
  attempts: true,
  lastError: true,
  httpStatus: true,
  result: true,
  actorId: true,
  createdAt: true,
  updatedAt: true,
  finishedAt: true,
  workerName: true,
  heartbeatAt: true,
} satisfies Prisma.UploadSelect;

export type UploadStatusRow = Prisma.UploadGetPayload<{ select: typeof uploadStatusSelect }>;

/** The JSON answer stored on a finished upload (its status body); callers outside lib/db name it without Prisma. */
export type UploadResultJson = Prisma.InputJsonObject;

export interface NewUpload {
  id: string;
  fileName: string;
  storagePath: string;
  sizeBytes: number;
  contentHash: string;
  actorId: string | null;
  actorName: string;
  /** Upload options (tags, variant, pair, scorer) the job passes to the ingest. */
  options: Prisma.InputJsonObject;
}

export async function insertUpload(upload: NewUpload, client: DbOrTx = db()): Promise<void> {
  await client.upload.create({ data: { ...upload, sizeBytes: BigInt(upload.sizeBytes) } });
}

export function findUploadStatus({ id }: { id: string }, client: DbOrTx = db()): Promise<UploadStatusRow | null> {
  return client.upload.findUnique({ where: { id }, select: uploadStatusSelect });
}

const uploadJobSelect = {
  ...uploadStatusSelect,
  storagePath: true,
  contentHash: true,
  actorName: true,
  options: true,
  workerDeaths: true,
} satisfies Prisma.UploadSelect;
export type UploadJobRow = Prisma.UploadGetPayload<{ select: typeof uploadJobSelect }>;

export function findUploadForJob({ id }: { id: string }, client: DbOrTx = db()): Promise<UploadJobRow | null> {
  return client.upload.findUnique({ where: { id }, select: uploadJobSelect });
}

/**
 * Starts an attempt: the counters restart because a failed attempt's writes were rolled back. An attempt still open
 * (it recorded neither an answer nor an error) lost its worker: that counts as a worker death, unless whoever saw
 * the death recorded it already (recordWorkerDeath closes the attempt). Returns the deaths so far.
 */
export async function startUploadAttempt(
  { id, lastError, workerName }: { id: string; lastError: string | null; workerName: string },
  client: DbOrTx = db(),
): Promise<{ workerDeaths: number }> {
  const rows = await client.$queryRaw<{ workerDeaths: number }[]>`
    UPDATE "Upload" SET
      phase = 'reading', attempts = attempts + 1, bytes = 0, trajectories = 0, events = 0, "turnPredictions" = 0,
      "lastError" = ${lastError === null ? null : storableString(lastError)}, "updatedAt" = now(),
      "workerName" = ${workerName}, "heartbeatAt" = now(),
      "workerDeaths" = "workerDeaths" + CASE WHEN "attemptOpen" THEN 1 ELSE 0 END, "attemptOpen" = true
    WHERE id = ${id}
    RETURNING "workerDeaths"`;
  return { workerDeaths: rows[0]?.workerDeaths ?? 0 };
}

/**
 * An open attempt ends without being charged a death (its worker died of another upload): queued again, with why.
 * True when it was open; false when the upload already has its answer.
 */
export async function releaseInterruptedAttempt(
  { id, error }: { id: string; error: string },
  client: DbOrTx = db(),
): Promise<boolean> {
  const rows = await client.$executeRaw`
    UPDATE "Upload" SET "attemptOpen" = false, phase = 'queued', "lastError" = ${storableString(error)}, "updatedAt" = now()
    WHERE id = ${id} AND phase <> 'done'`;
  return rows > 0;
}

/** The attempt's worker is alive: an open attempt only (a late beat never touches an answered upload). */
export async function beatUploadHeartbeat({ id }: { id: string }, client: DbOrTx = db()): Promise<void> {
  await client.$executeRaw`
    UPDATE "Upload" SET "heartbeatAt" = now() WHERE id = ${id} AND phase <> 'done' AND "attemptOpen"`;
}

/**
 * The worker ingesting this upload died (seen by the process that supervised it): the attempt is closed as a death,
 * with its cause kept as the last error. Returns the row as it stands, or null when the upload has its answer.
 */
export async function recordWorkerDeath(
  { id, error }: { id: string; error: string },
  client: DbOrTx = db(),
): Promise<{ workerDeaths: number; trajectories: number; storagePath: string } | null> {
  const rows = await client.$queryRaw<{ workerDeaths: number; trajectories: number; storagePath: string }[]>`
    UPDATE "Upload" SET
      "workerDeaths" = "workerDeaths" + 1, "attemptOpen" = false, phase = 'queued', "lastError" = ${storableString(error)},
      "updatedAt" = now()
    WHERE id = ${id} AND phase <> 'done'
    RETURNING "workerDeaths", trajectories, "storagePath"`;
  return rows[0] ?? null;
}

export interface UploadProgressPatch {
  phase: string;
  bytes: number;
  trajectories: number;
  events: number;
  turnPredictions: number;
}

/** Only an unfinished upload moves: a late progress write never overwrites the final answer. */
export async function writeUploadProgress(
  { id, progress }: { id: string; progress: UploadProgressPatch },
  client: DbOrTx = db(),
): Promise<void> {
  await client.upload.updateMany({
    where: { id, phase: { not: "done" } },
    data: {
      phase: progress.phase,
      bytes: BigInt(progress.bytes),
      trajectories: progress.trajectories,
      events: progress.events,
      turnPredictions: progress.turnPredictions,
      updatedAt: new Date(),
    },
  });
}

export async function recordUploadError(
  { id, error }: { id: string; error: string },
  client: DbOrTx = db(),
): Promise<void> {
  await client.upload.updateMany({
    where: { id, phase: { not: "done" } },
    data: { phase: "queued", lastError: storableString(error), attemptOpen: false, updatedAt: new Date() },
  });
}

export async function finishUpload(
  { id, httpStatus, result }: { id: string; httpStatus: number; result: UploadResultJson },
  client: DbOrTx = db(),
): Promise<void> {
  const now = new Date();
  await client.upload.update({
    where: { id },
    // An error's text may quote the input (a NUL, a lone surrogate): spelled out, or the answer itself fails to store.
    data: {
      phase: "done",
      httpStatus,
      result: new TextRepair().repair(result, "result"),
      updatedAt: now,
      attemptOpen: false,
      finishedAt: now,
    },
  });
}

/** Where the raw upload is kept now (it was compressed after its answer). */
export async function setUploadStoragePath(
  { id, storagePath }: { id: string; storagePath: string },
  client: DbOrTx = db(),
): Promise<void> {
  await client.upload.update({ where: { id }, data: { storagePath } });
}

/** Whether another finished upload already answered with this bundle (then a retry's "duplicate" is a real duplicate). */
export async function isBundleClaimed(
  { bundleId, exceptUploadId }: { bundleId: string; exceptUploadId: string },
  client: DbOrTx = db(),
): Promise<boolean> {
  const rows = await client.$queryRaw<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM "Upload" WHERE id <> ${exceptUploadId} AND "httpStatus" = 201 AND result->>'bundleId' = ${bundleId}`;
  return (rows[0]?.n ?? 0) > 0;
}
