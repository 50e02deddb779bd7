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

export function listTrajectoryEvents(
  { trajectoryId }: { trajectoryId: string },
  client: DbOrTx = db(),
): Promise<TimelineEventRow[]> {
  return client.event.findMany({ where: { trajectoryId }, select: timelineEventSelect, orderBy: { seq: "asc" } });
}
