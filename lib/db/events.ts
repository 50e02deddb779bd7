import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

export const timelineEventSelect = {
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
} satisfies Prisma.EventSelect;

export type TimelineEventRow = Prisma.EventGetPayload<{ select: typeof timelineEventSelect }>;

/** Scoped by run as well as trajectory: Event is partitioned by run, and the run lets the planner read one partition. */
export function listTrajectoryEvents(
  { runId, trajectoryId }: { runId: string; trajectoryId: string },
  client: DbOrTx = db(),
): Promise<TimelineEventRow[]> {
  return client.event.findMany({
    where: { runId, trajectoryId },
    select: timelineEventSelect,
    orderBy: { seq: "asc" },
  });
}
