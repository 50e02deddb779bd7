import { ComponentConfigSchema } from "@/lib/bundles/schema/run";
import { IMPORTER_VERSION } from "@/lib/bundles/importer-version";
import { findRunDetail } from "@/lib/db/run-detail";
import {
  listRunTrials,
  listTaskOutcomeCounts,
  listTrajectoryCells,
  listTrajectoryCellsOf,
  listTrajectoryFacets,
  listTrajectoryPage,
  type TrajectoryFilter,
} from "@/lib/db/trajectories";
import { buildTaskGridFromCounts, type TaskGrid, type TaskGridCellInput } from "@/lib/presenters/task-grid";
import { GRID_PAGE_SIZE, GRID_TRIAL_WINDOW, taskGridWindow, type RunPageQuery } from "@/lib/presenters/run-page-query";
import {
  listMetadataEntries,
  readSourceScore,
  type ComponentConfigView,
  type RunHeaderView,
} from "@/lib/presenters/run-header";
import { listRunSummaries } from "./list-runs";
import { previewReply, type TrajectoryListItem } from "@/lib/presenters/run-trajectory-rows";

function parseConfig(value: unknown): ComponentConfigView | null {
  if (value === null || value === undefined) return null;
  const parsed = ComponentConfigSchema.safeParse(value);
  return parsed.success ? parsed.data : { config: { value: JSON.stringify(value) } };
}

function isBase(variant: string): boolean {
  return variant.trim().toLowerCase() === "base";
}

export async function getRunHeader(runId: string): Promise<RunHeaderView | null> {
  const run = await findRunDetail({ runId });
  if (!run) return null;
  // Names and pairs are built over all runs (lib/presenters/run-identities.ts), so they agree with the leaderboard;
  // pairs and bases never cross suites, so this run's suite is all the header needs.
  const all = await listRunSummaries({ runIds: [run.id], suiteId: run.suite.id });
  const byId = new Map(all.map((summary) => [summary.id, summary]));
  const self = byId.get(run.id);
  const pairedRuns = (self?.pairedRunIds ?? []).flatMap((id) => {
    const other = byId.get(id);
    return other ? [{ id: other.id, name: other.displayName, variant: other.variant, suiteId: other.suiteId }] : [];
  });
  const sameSetting = all.filter(
    (other) => other.id !== run.id && other.suiteId === run.suite.id && other.setting.key === self?.setting.key,
  );
  const candidateBases =
    !isBase(run.variant) && pairedRuns.length === 0
      ? sameSetting
          .filter((other) => isBase(other.variant))
          .map((other) => ({ id: other.id, name: other.displayName, pairingKey: other.pairingKey }))
      : [];
  const alternativeBases = (self?.alternativeBaseRunIds ?? []).flatMap((id) => {
    const other = byId.get(id);
    return other ? [{ id: other.id, name: other.displayName }] : [];
  });
  return {
    id: run.id,
    name: run.name,
    displayName: self?.displayName ?? run.name,
    nameIsCustom: run.nameIsCustom,
    suiteLabel: self?.suite ?? run.suite.name,
    coverage: self?.coverage ?? null,
    settingLabel: self?.setting.label ?? "",
    tags: self?.tags ?? {},
    metadata: listMetadataEntries(run.metadata),
    submission: self?.submission ?? null,
    candidateBases,
    alternativeBases,
    externalId: run.externalId,
    variant: run.variant,
    pairingKey: run.pairingKey,
    model: run.model,
    suite: run.suite,
    sourceFormat: run.sourceFormat,
    fileName: run.bundle.fileName,
    importerVersion: run.importerVersion,
    currentImporterVersion: IMPORTER_VERSION,
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

/**
 * The run page's task grid: rates, classes and order from per-task outcome counts, and only the cells of the
 * page's tasks and trial window (20 x 10), so a 10,000-trajectory run is not read cell by cell per request.
 */
export async function getRunTaskGrid(
  runId: string,
  query: Pick<RunPageQuery, "gridSort" | "gridPage" | "gridTrials">,
): Promise<TaskGrid> {
  const [counts, trials] = await Promise.all([listTaskOutcomeCounts({ runId }), listRunTrials({ runId })]);
  const summary = buildTaskGridFromCounts({ counts, trials, cells: [], sort: query.gridSort });
  const { firstRow, firstColumn } = taskGridWindow(summary.rows.length, summary.trials.length, query);
  const cells = await listTrajectoryCellsOf({
    runId,
    taskExternalIds: summary.rows.slice(firstRow, firstRow + GRID_PAGE_SIZE).map((row) => row.taskExternalId),
    trials: summary.trials.slice(firstColumn, firstColumn + GRID_TRIAL_WINDOW),
  });
  return buildTaskGridFromCounts({ counts, trials, cells, sort: query.gridSort });
}

export interface TrajectoryPage {
  rows: TrajectoryListItem[];
  total: number;
  facets: { stopReasons: (string | null)[]; failureCategories: string[] };
}

export async function getRunTrajectoryPage({
  runId,
  filter,
  page,
  pageSize,
}: {
  runId: string;
  filter: TrajectoryFilter;
  page: number;
  pageSize: number;
}): Promise<TrajectoryPage> {
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
