import { listAudit, recordAudit } from "@/lib/db/accounts";
import type { Actor } from "./auth/roles";

export function recordUpload(
  actor: Pick<Actor, "userId" | "name">,
  upload: { bundleId: string; fileName: string; format: string; counts: Record<string, number> },
): Promise<void> {
  return recordAudit({
    actorId: actor.userId,
    actorName: actor.name,
    action: "upload",
    target: upload.bundleId,
    details: { fileName: upload.fileName, format: upload.format, counts: upload.counts },
  });
}

export async function recentAudit(take = 200) {
  const rows = await listAudit({ take });
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
