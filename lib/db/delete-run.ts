import { db } from "./client";

/**
 * Deletes a run with its trajectories, events and turn predictions (cascades) in one
 * transaction; the bundle goes too once no run of it remains, so it can be uploaded again.
 */
export async function deleteRunCascade({ runId }: { runId: string }): Promise<{ name: string; bundleId: string } | null> {
  return db().$transaction(async (tx) => {
    const run = await tx.run.findUnique({ where: { id: runId }, select: { name: true, bundleId: true } });
    if (!run) return null;
    await tx.run.delete({ where: { id: runId } });
    const remaining = await tx.run.count({ where: { bundleId: run.bundleId } });
    if (remaining === 0) await tx.bundle.delete({ where: { id: run.bundleId } });
    return run;
  });
}
