import { db, type DbOrTx } from "./client";

export interface KeptUpload {
  id: string;
  storagePath: string;
}

/**
 * Finished uploads whose bundle is gone: its runs were deleted and the purge removed the bundle (a bundle being
 * purged carries 'deleting:<id>:<hash>' and is waited for). Their raw file can no longer be re-imported.
 */
export async function uploadsOfPurgedBundles(finishedBefore: Date, client: DbOrTx = db()): Promise<KeptUpload[]> {
  return client.$queryRaw<KeptUpload[]>`
    SELECT u.id, u."storagePath" FROM "Upload" u
     WHERE u."httpStatus" IN (200, 201) AND u."finishedAt" < ${finishedBefore}
       AND NOT EXISTS (SELECT 1 FROM "Bundle" b
                        WHERE b."contentHash" = u."contentHash" OR b."contentHash" LIKE 'deleting:%:' || u."contentHash")
     ORDER BY u."finishedAt"`;
}

/** Rejected uploads (4xx, 5xx) finished before the cutoff: their raw file may be left if a process died. */
export async function rejectedUploads(finishedBefore: Date, client: DbOrTx = db()): Promise<KeptUpload[]> {
  return client.$queryRaw<KeptUpload[]>`
    SELECT id, "storagePath" FROM "Upload"
     WHERE "httpStatus" >= 400 AND "finishedAt" < ${finishedBefore} AND "storagePath" <> ''
     ORDER BY "finishedAt"`;
}

/** Which of these upload ids have a row, with the file each row points at. */
export async function storagePathsOf(ids: readonly string[], client: DbOrTx = db()): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await client.upload.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, storagePath: true },
  });
  return new Map(rows.map((row) => [row.id, row.storagePath]));
}

export async function deleteUploadRows(ids: readonly string[], client: DbOrTx = db()): Promise<number> {
  if (ids.length === 0) return 0;
  return (await client.upload.deleteMany({ where: { id: { in: [...ids] } } })).count;
}

/** A rejected upload's file is gone: its row keeps the answer, with no file to point at. */
export async function forgetStoragePaths(ids: readonly string[], client: DbOrTx = db()): Promise<void> {
  if (ids.length === 0) return;
  await client.upload.updateMany({ where: { id: { in: [...ids] } }, data: { storagePath: "" } });
}
