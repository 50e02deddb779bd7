import type { TurnScore } from "@/lib/metrics";
import type { Prisma } from "./generated/client";
import { db, type DbOrTx } from "./client";

const compareRunSelect = {
  id: true,
  name: true,
  variant: true,
  pairingKey: true,
  suiteId: true,
  createdAt: true,
  judgeConfig: true,
  userSimulatorConfig: true,
  model: { select: { name: true } },
  suite: { select: { name: true, version: true } },
} satisfies Prisma.RunSelect;

export type CompareRunRow = Prisma.RunGetPayload<{ select: typeof compareRunSelect }>;

/** The compared runs' headers, in no particular order (callers keep the order they were asked for). */
export function loadCompareRuns({ runIds }: { runIds: string[] }, client: DbOrTx = db()): Promise<CompareRunRow[]> {
  return client.run.findMany({ where: { id: { in: runIds }, deletedAt: null }, select: compareRunSelect });
}

const pairingRunSelect = {
  id: true,
  variant: true,
  pairingKey: true,
  suiteId: true,
  createdAt: true,
} satisfies Prisma.RunSelect;
export type PairingRunRow = Prisma.RunGetPayload<{ select: typeof pairingRunSelect }>;

export function loadRunsByPairingKey(
  { pairingKey }: { pairingKey: string },
  client: DbOrTx = db(),
): Promise<PairingRunRow[]> {
  return client.run.findMany({
    where: { pairingKey, deletedAt: null },
    select: pairingRunSelect,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
}

/** Runs of a suite that carry a pairing key (candidates for "compare all pairs of this suite"). */
export function loadPairedRunsOfSuite(
  { suiteId }: { suiteId: string },
  client: DbOrTx = db(),
): Promise<PairingRunRow[]> {
  return client.run.findMany({
    where: { suiteId, pairingKey: { not: null }, deletedAt: null },
    select: pairingRunSelect,
    orderBy: [{ pairingKey: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
}

export function loadPairingRun({ runId }: { runId: string }, client: DbOrTx = db()): Promise<PairingRunRow | null> {
  return client.run.findFirst({ where: { id: runId, deletedAt: null }, select: pairingRunSelect });
}

export interface TaskTurnScore extends TurnScore {
  /** The task's external id: runs are compared task by task on it. */
  taskId: string;
}

export async function loadTurnScoresByTask(
  { runId }: { runId: string },
  client: DbOrTx = db(),
): Promise<TaskTurnScore[]> {
  const rows = await client.turnPrediction.findMany({
    where: { runId },
    select: {
      kind: true,
      rouge1F1: true,
      judgeSuccess: true,
      exactMatch: true,
      argumentF1: true,
      task: { select: { externalId: true } },
    },
  });
  return rows.map(({ task, kind, ...scores }) => ({
    ...scores,
    kind: kind === "tool" ? "tool" : "text",
    taskId: task.externalId,
  }));
}

const trialSelect = {
  id: true,
  trial: true,
  success: true,
  stopReason: true,
  stopReasonInferred: true,
} satisfies Prisma.TrajectorySelect;
export type TaskTrialRow = Prisma.TrajectoryGetPayload<{ select: typeof trialSelect }>;

export function loadTaskTrials(
  { runId, taskExternalId }: { runId: string; taskExternalId: string },
  client: DbOrTx = db(),
): Promise<TaskTrialRow[]> {
  return client.trajectory.findMany({
    where: { runId, task: { externalId: taskExternalId } },
    select: trialSelect,
    orderBy: { trial: "asc" },
  });
}

const eventSelect = {
  seq: true,
  turnIndex: true,
  kind: true,
  actor: true,
  toolName: true,
  arguments: true,
  text: true,
  isError: true,
  errorInferred: true,
} satisfies Prisma.EventSelect;
export type CompareEventRow = Prisma.EventGetPayload<{ select: typeof eventSelect }>;

export function loadTrajectoryEvents(
  { runId, trajectoryId }: { runId: string; trajectoryId: string },
  client: DbOrTx = db(),
): Promise<CompareEventRow[]> {
  // Scoped by run: Event is partitioned by run.
  return client.event.findMany({ where: { runId, trajectoryId }, select: eventSelect, orderBy: { seq: "asc" } });
}
