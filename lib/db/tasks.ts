import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

export const taskDetailSelect = {
  id: true,
  externalId: true,
  goal: true,
  userFacts: true,
  initialState: true,
  expectedFinalState: true,
  requiredReplyInfo: true,
  expectedBehavior: true,
  expectedActions: true,
  evaluationCriteria: true,
  requiresTools: true,
  persona: true,
  tags: true,
} satisfies Prisma.TaskSelect;

export type TaskDetail = Prisma.TaskGetPayload<{ select: typeof taskDetailSelect }>;

export function findTaskDetail({ taskId }: { taskId: string }, client: DbOrTx = db()): Promise<TaskDetail | null> {
  return client.task.findUnique({ where: { id: taskId }, select: taskDetailSelect });
}
