import { db } from "./client";

/**
 * Hides a run at once (every read filters `deletedAt`); its rows are removed later by
 * `purgeDeletedRun`. When no visible run of its bundle remains, the bundle is marked
 * `deleting` and its content hash is released, so the same file can be uploaded again
 * while the old rows are still being removed.
 */
export async function markRunDeleted({ runId }: { runId: string }): Promise<{ name: string; bundleId: string } | null> {
  return db().$transaction(async (tx) => {
    const run = await tx.run.findFirst({ where: { id: runId, deletedAt: null }, select: { name: true, bundleId: true } });
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
  const rows = await db().run.findMany({ where: { deletedAt: { not: null } }, select: { id: true }, orderBy: { deletedAt: "asc" } });
  return rows.map((row) => row.id);
}

const TRAJECTORIES_PER_BATCH = 2_000;

/**
 * Removes a hidden run's rows in short transactions of a few thousand trajectories each
 * (their events first, so no cascade runs per row), then the run, then its bundle once no
 * run of it remains. Each batch commits alone: a purge cut short resumes where it stopped.
 */
export async function purgeDeletedRun({ runId }: { runId: string }, onBatch?: (deletedEvents: number) => void): Promise<{ events: number; trajectories: number }> {
  const client = db();
  let events = 0;
  let trajectories = 0;
  for (;;) {
    const batch = await client.$transaction(async (tx) => {
      const ids = await tx.$queryRaw<{ id: string }[]>`SELECT t.id FROM "Trajectory" t JOIN "Run" r ON r.id = t."runId" WHERE t."runId" = ${runId} AND r."deletedAt" IS NOT NULL LIMIT ${TRAJECTORIES_PER_BATCH}`;
      if (ids.length === 0) return { events: 0, trajectories: 0 };
      const list = ids.map((row) => row.id);
      const removedEvents = await tx.$executeRaw`DELETE FROM "Event" WHERE "trajectoryId" = ANY(${list}::text[])`;
      const removedTrajectories = await tx.$executeRaw`DELETE FROM "Trajectory" WHERE id = ANY(${list}::text[])`;
      return { events: removedEvents, trajectories: removedTrajectories };
    });
    if (batch.trajectories === 0) break;
    events += batch.events;
    trajectories += batch.trajectories;
    onBatch?.(events);
  }
  // Turn predictions are one row per scored turn: also removed in slices rather than by one cascade.
  while ((await client.$executeRaw`DELETE FROM "TurnPrediction" WHERE id IN (SELECT id FROM "TurnPrediction" WHERE "runId" = ${runId} LIMIT 20000) AND EXISTS (SELECT 1 FROM "Run" WHERE id = ${runId} AND "deletedAt" IS NOT NULL)`) > 0);
  await client.$transaction(async (tx) => {
    const run = await tx.run.findFirst({ where: { id: runId, deletedAt: { not: null } }, select: { bundleId: true } });
    if (!run) return;
    await tx.run.delete({ where: { id: runId } });
    const remaining = await tx.run.count({ where: { bundleId: run.bundleId } });
    if (remaining === 0) await tx.bundle.delete({ where: { id: run.bundleId } });
  });
  return { events, trajectories };
}

/** Hides and removes a run in one call (tests and scripts that need the rows gone before going on). */
export async function deleteRunCascade({ runId }: { runId: string }): Promise<{ name: string; bundleId: string } | null> {
  const run = await markRunDeleted({ runId });
  if (run) await purgeDeletedRun({ runId });
  return run;
}
