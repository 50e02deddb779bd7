import { db } from "./client";

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

const TRAJECTORIES_PER_BATCH = 1_000;

/**
 * Removes a hidden run's rows in slices of a thousand trajectories, each slice one statement
 * (its events first, in the same statement, so no cascade runs per row; no interactive
 * transaction whose timeout a slow slice could pass), then the run, then its bundle once no
 * run of it remains. Each slice commits alone: a purge cut short resumes where it stopped.
 */
export async function purgeDeletedRun(
  { runId }: { runId: string },
  onBatch?: (deletedEvents: number) => void,
): Promise<{ events: number; trajectories: number }> {
  const client = db();
  let events = 0;
  let trajectories = 0;
  for (;;) {
    const [batch] = await client.$queryRaw<{ events: number; trajectories: number }[]>`
      WITH slice AS (
        SELECT t.id FROM "Trajectory" t JOIN "Run" r ON r.id = t."runId"
        WHERE t."runId" = ${runId} AND r."deletedAt" IS NOT NULL LIMIT ${TRAJECTORIES_PER_BATCH}
      ),
      removed_events AS (DELETE FROM "Event" e USING slice WHERE e."trajectoryId" = slice.id RETURNING 1),
      removed_trajectories AS (DELETE FROM "Trajectory" t USING slice WHERE t.id = slice.id RETURNING 1)
      SELECT (SELECT count(*) FROM removed_events)::int AS events, (SELECT count(*) FROM removed_trajectories)::int AS trajectories`;
    if (!batch || batch.trajectories === 0) break;
    events += batch.events;
    trajectories += batch.trajectories;
    onBatch?.(events);
  }
  // Turn predictions are one row per scored turn: also removed in slices rather than by one cascade.
  while (
    (await client.$executeRaw`DELETE FROM "TurnPrediction" WHERE id IN (SELECT id FROM "TurnPrediction" WHERE "runId" = ${runId} LIMIT 20000) AND EXISTS (SELECT 1 FROM "Run" WHERE id = ${runId} AND "deletedAt" IS NOT NULL)`) >
    0
  );
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
  return { events, trajectories };
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
