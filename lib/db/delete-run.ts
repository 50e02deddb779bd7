import { db } from "./client";
import { dropRunPartitions } from "./run-partitions";

/**
 * Hides a run at once (every read filters `deletedAt`); its rows are removed later by
 * `purgeDeletedRun`. When no visible run of its bundle remains, the bundle is marked
 * `deleting` and its content hash is released, so the same file can be uploaded again
 * while the old rows are still being removed.
 */
export async function markRunDeleted({ runId }: { runId: string }): Promise<{ name: string; bundleId: string } | null> {
  return db().$transaction(async (tx) => {
    const run = await tx.run.findFirst({
      where: { id: runId, deletedAt: null },
      select: { name: true, bundleId: true },
    });
    if (!run) return null;
    await tx.run.update({ where: { id: runId }, data: { deletedAt: new Date() } });
    const visible = await tx.run.count({ where: { bundleId: run.bundleId, deletedAt: null } });
    if (visible === 0) {
      await tx.$executeRaw`UPDATE "Bundle" SET status = 'deleting', "contentHash" = 'deleting:' || id || ':' || "contentHash" WHERE id = ${run.bundleId} AND status <> 'deleting'`;
    }
    return run;
  });
}

/** Runs marked deleted whose rows are still there (a purge job that never ran is found again). */
export async function listDeletedRunIds(): Promise<string[]> {
  const rows = await db().run.findMany({
    where: { deletedAt: { not: null } },
    select: { id: true },
    orderBy: { deletedAt: "asc" },
  });
  return rows.map((row) => row.id);
}

const TRAJECTORIES_PER_BATCH = 5_000;

/**
 * Removes a hidden run's rows: its Event and TurnPrediction partitions are detached and dropped whole
 * (`dropRunPartitions`: no row is visited, whatever the run's size), then its trajectories go in slices of a few
 * thousand, each slice one statement that commits alone (no interactive transaction whose timeout a slow slice
 * could pass; a purge cut short resumes where it stopped), then the run, then its bundle once no run of it remains.
 */
export async function purgeDeletedRun(
  { runId }: { runId: string },
  onBatch?: (deletedTrajectories: number) => void,
): Promise<{ partitions: number; trajectories: number }> {
  const client = db();
  const hidden = await client.run.findFirst({ where: { id: runId, deletedAt: { not: null } }, select: { id: true } });
  if (!hidden) return { partitions: 0, trajectories: 0 };
  const partitions = (await dropRunPartitions(runId)).length;
  let trajectories = 0;
  for (;;) {
    const removed = await client.$executeRaw`
      DELETE FROM "Trajectory" WHERE id IN (
        SELECT t.id FROM "Trajectory" t JOIN "Run" r ON r.id = t."runId"
        WHERE t."runId" = ${runId} AND r."deletedAt" IS NOT NULL LIMIT ${TRAJECTORIES_PER_BATCH}
      )`;
    if (removed === 0) break;
    trajectories += removed;
    onBatch?.(trajectories);
  }
  await client.$transaction(
    async (tx) => {
      const run = await tx.run.findFirst({
        where: { id: runId, deletedAt: { not: null } },
        select: { bundleId: true },
      });
      if (!run) return;
      await tx.run.delete({ where: { id: runId } });
      const remaining = await tx.run.count({ where: { bundleId: run.bundleId } });
      if (remaining === 0) await tx.bundle.delete({ where: { id: run.bundleId } });
    },
    { timeout: 60_000 },
  );
  return { partitions, trajectories };
}

/** Hides and removes a run in one call (tests and scripts that need the rows gone before going on). */
export async function deleteRunCascade({
  runId,
}: {
  runId: string;
}): Promise<{ name: string; bundleId: string } | null> {
  const run = await markRunDeleted({ runId });
  if (run) await purgeDeletedRun({ runId });
  return run;
}
