import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

const experimentRunSelect = {
  id: true,
  name: true,
  variant: true,
  pairingKey: true,
  suiteId: true,
  createdAt: true,
  metadata: true,
  suite: { select: { name: true, version: true } },
} satisfies Prisma.RunSelect;

export type ExperimentRunRow = Prisma.RunGetPayload<{ select: typeof experimentRunSelect }>;

/** Every run that carries a pairing key: the experiment matrix pairs them by suite, setting and key. */
export function listPairableRuns(client: DbOrTx = db()): Promise<ExperimentRunRow[]> {
  return client.run.findMany({
    where: { pairingKey: { not: null }, deletedAt: null },
    select: experimentRunSelect,
    orderBy: [{ pairingKey: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
}
