import { recordAudit } from "@/lib/db/accounts";
import { deleteRunCascade } from "@/lib/db/delete-run";
import { AppError } from "./app-error";
import type { Actor } from "./auth/roles";

export async function deleteRun(actor: Actor, runId: string): Promise<{ name: string }> {
  const deleted = await deleteRunCascade({ runId });
  if (!deleted) throw new AppError("not_found", `no run with id ${runId}`);
  await recordAudit({ actorId: actor.userId, actorName: actor.name, action: "delete_run", target: runId, details: { name: deleted.name } });
  return { name: deleted.name };
}
