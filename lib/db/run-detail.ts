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

const pairedRunSelect = { id: true, name: true, variant: true, suiteId: true } satisfies Prisma.RunSelect;
export type PairedRunRow = Prisma.RunGetPayload<{ select: typeof pairedRunSelect }>;

/** Runs sharing the pairing key under another variant (the same model before/after fine-tuning), newest first. */
export function listPairedRuns(
  { runId, pairingKey, variant }: { runId: string; pairingKey: string; variant: string },
  client: DbOrTx = db(),
): Promise<PairedRunRow[]> {
  return client.run.findMany({
    where: { pairingKey, variant: { not: variant }, id: { not: runId }, deletedAt: null },
    select: pairedRunSelect,
    orderBy: [{ createdAt: "desc" }, { name: "asc" }],
  });
}
