import { ComponentConfigSchema } from "@/lib/bundles/schema/run";
import { findRunDetail, listPairedRuns } from "@/lib/db/run-detail";
import { listTrajectoryCells, listTrajectoryFacets, listTrajectoryPage, type TrajectoryFilter } from "@/lib/db/trajectories";
import type { TaskGridCellInput } from "@/lib/presenters/task-grid";
import { readSourceScore, type ComponentConfigView, type RunHeaderView } from "@/lib/presenters/run-header";
import { previewReply, type TrajectoryListItem } from "@/lib/presenters/run-trajectory-rows";

function parseConfig(value: unknown): ComponentConfigView | null {
  if (value === null || value === undefined) return null;
  const parsed = ComponentConfigSchema.safeParse(value);
  return parsed.success ? parsed.data : { config: { value: JSON.stringify(value) } };
}

export async function getRunHeader(runId: string): Promise<RunHeaderView | null> {
  const run = await findRunDetail({ runId });
  if (!run) return null;
  const pairedRuns = run.pairingKey ? await listPairedRuns({ runId: run.id, pairingKey: run.pairingKey, variant: run.variant }) : [];
  return {
    id: run.id,
    name: run.name,
    externalId: run.externalId,
    variant: run.variant,
    pairingKey: run.pairingKey,
    model: run.model,
    suite: run.suite,
    sourceFormat: run.sourceFormat,
    fileName: run.bundle.fileName,
    uploadedAt: run.bundle.uploadedAt.toISOString(),
    agent: parseConfig(run.agentConfig),
    userSimulator: parseConfig(run.userSimulatorConfig),
    judge: parseConfig(run.judgeConfig),
    pairedRuns,
    sourceScore: readSourceScore(run.metadata),
  };
}

export async function getRunTaskCells(runId: string): Promise<TaskGridCellInput[]> {
  const rows = await listTrajectoryCells({ runId });
  return rows.map((row) => ({
    id: row.id,
    taskExternalId: row.task.externalId,
    trial: row.trial,
    success: row.success,
    stopReason: row.stopReason,
    toolErrorCount: row.toolErrorCount,
    toolErrorsInferred: row.toolErrorsInferred,
  }));
}

export interface TrajectoryPage {
  rows: TrajectoryListItem[];
  total: number;
  facets: { stopReasons: (string | null)[]; failureCategories: string[] };
}

export async function getRunTrajectoryPage({ runId, filter, page, pageSize }: { runId: string; filter: TrajectoryFilter; page: number; pageSize: number }): Promise<TrajectoryPage> {
  const [{ rows, total }, facets] = await Promise.all([
    listTrajectoryPage({ runId, filter, skip: (page - 1) * pageSize, take: pageSize }),
    listTrajectoryFacets({ runId }),
  ]);
  return {
    total,
    facets,
    rows: rows.map((row) => ({
      id: row.id,
      taskExternalId: row.task.externalId,
      trial: row.trial,
      success: row.success,
      reward: row.reward,
      stopReason: row.stopReason,
      stopReasonInferred: row.stopReasonInferred,
      toolErrorCount: row.toolErrorCount,
      toolErrorsInferred: row.toolErrorsInferred,
      unresolvedToolErrorCount: row.unresolvedToolErrorCount,
      userTurns: row.userTurns,
      eventCount: row.eventCount,
      failureCategory: row.judgeFailureCategory,
      finalReply: previewReply(row.finalReply),
      finalReplyInferred: row.finalReplyInferred,
    })),
  };
}
