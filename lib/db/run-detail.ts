import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

export const runDetailSelect = {
  id: true,
  name: true,
  nameIsCustom: true,
  externalId: true,
  variant: true,
  pairingKey: true,
  agentConfig: true,
  userSimulatorConfig: true,
  judgeConfig: true,
  sourceFormat: true,
  importerVersion: true,
  metadata: true,
  createdAt: true,
  model: { select: { name: true, family: true, size: true } },
  suite: { select: { id: true, name: true, version: true, domain: true } },
  bundle: { select: { id: true, fileName: true, format: true, uploadedAt: true } },
} satisfies Prisma.RunSelect;

export type RunDetailRow = Prisma.RunGetPayload<{ select: typeof runDetailSelect }>;

export function findRunDetail({ runId }: { runId: string }, client: DbOrTx = db()): Promise<RunDetailRow | null> {
  return client.run.findFirst({ where: { id: runId, deletedAt: null }, select: runDetailSelect });
}
