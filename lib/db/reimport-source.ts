import { db, type DbOrTx } from "./client";
import type { KeptRun } from "./reimport-writes";

export interface ReimportSource {
  bundleId: string;
  runs: KeptRun[];
  /** Runs of the bundle that are being deleted: a re-import would bring their rows back, so it is refused. */
  deletedRunIds: string[];
  upload: {
    id: string;
    storagePath: string;
    fileName: string;
    options: unknown;
    actorId: string | null;
    actorName: string;
  } | null;
}

/** The run's bundle, every run of it, and the accepted upload whose raw file it was read from. */
export async function findReimportSource(
  { runId }: { runId: string },
  client: DbOrTx = db(),
): Promise<ReimportSource | null> {
  const run = await client.run.findUnique({ where: { id: runId }, select: { bundleId: true, deletedAt: true } });
  if (!run || run.deletedAt) return null;
  const runs = await client.run.findMany({
    where: { bundleId: run.bundleId },
    select: {
      id: true,
      externalId: true,
      name: true,
      nameIsCustom: true,
      variant: true,
      pairingKey: true,
      tags: true,
      deletedAt: true,
    },
    orderBy: { id: "asc" },
  });
  // Upload.result is json (kept in key order), so the bundle id is compared as text.
  const uploads = await client.$queryRaw<ReimportSource["upload"][]>`
    SELECT "id", "storagePath", "fileName", "options", "actorId", "actorName" FROM "Upload"
    WHERE "httpStatus" = 201 AND result->>'bundleId' = ${run.bundleId}
    ORDER BY "createdAt" DESC LIMIT 1`;
  return {
    bundleId: run.bundleId,
    runs: runs
      .filter((row) => row.deletedAt === null)
      .map(({ deletedAt: _deletedAt, tags, ...row }) => ({ ...row, tags: (tags ?? {}) as Record<string, string> })),
    deletedRunIds: runs.filter((row) => row.deletedAt !== null).map((row) => row.id),
    upload: uploads[0] ?? null,
  };
}

/** One live run per bundle that has a kept raw upload: what `loopscope reimport --all` queues. */
export async function listReimportableRuns(client: DbOrTx = db()): Promise<{ id: string; importerVersion: number }[]> {
  return client.$queryRaw<{ id: string; importerVersion: number }[]>`
    SELECT DISTINCT ON (r."bundleId") r."id", r."importerVersion" FROM "Run" r
    WHERE r."deletedAt" IS NULL AND EXISTS (
      SELECT 1 FROM "Upload" u WHERE u."httpStatus" = 201 AND u.result->>'bundleId' = r."bundleId")
    ORDER BY r."bundleId", r."id"`;
}
