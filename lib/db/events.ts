import { toStoredEvent, type StoredEvent } from "@/lib/contracts/event";
import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

/** The columns of the stored event contract (lib/contracts/event.ts). */
const storedEventSelect = {
  seq: true,
  turnIndex: true,
  kind: true,
  actor: true,
  toolName: true,
  callId: true,
  arguments: true,
  output: true,
  isError: true,
  errorInferred: true,
  text: true,
} satisfies Prisma.EventSelect & { [Field in keyof StoredEvent]: true };

/** A trajectory's events in order, as the stored event contract (kind and actor narrowed). Scoped by run as well as
 * trajectory: Event is partitioned by run, and the run lets the planner read one partition. */
export async function listTrajectoryEvents(
  { runId, trajectoryId }: { runId: string; trajectoryId: string },
  client: DbOrTx = db(),
): Promise<StoredEvent[]> {
  const rows = await client.event.findMany({
    where: { runId, trajectoryId },
    select: storedEventSelect,
    orderBy: { seq: "asc" },
  });
  return rows.map(toStoredEvent);
}
