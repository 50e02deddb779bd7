import { listTrajectoryEvents } from "@/lib/db/events";
import { findTaskDetail, type TaskDetail } from "@/lib/db/tasks";
import { findTrajectoryDetail, listTaskTrajectoriesInRun, type TrajectoryDetailRow } from "@/lib/db/trajectories";
import type { StoredEvent } from "@/lib/contracts/event";
import { getRunTaskCells } from "./get-run-page";
import { listRunSummaries } from "./list-runs";
import type { NavigationCell } from "@/lib/presenters/timeline-navigation";

export type TrajectoryDetail = TrajectoryDetailRow;

export interface PairedTrajectoryLink {
  runId: string;
  runName: string;
  variant: string;
  /** The same task's trajectory there (same trial when it exists), or null when that run lacks the task. */
  trajectoryId: string | null;
  trial: number | null;
}

export interface TrajectoryView {
  trajectory: TrajectoryDetail;
  task: TaskDetail;
  events: StoredEvent[];
  cells: NavigationCell[];
  paired: PairedTrajectoryLink[];
}

/**
 * The run's pair partners as the leaderboard, run page and /api/runs (`pairedRunIds`) see them: the same suite
 * and setting only (not every run sharing the pairing key, which listed other suites' runs, each "without" the task).
 */
async function findPairedTrajectories(trajectory: TrajectoryDetail): Promise<PairedTrajectoryLink[]> {
  const { run } = trajectory;
  if (!run.pairingKey) return [];
  const summaries = await listRunSummaries({ runIds: [run.id], suiteId: run.suiteId });
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  const runs = (byId.get(run.id)?.pairedRunIds ?? []).flatMap((id) => {
    const other = byId.get(id);
    return other ? [{ id: other.id, name: other.displayName, variant: other.variant }] : [];
  });
  return Promise.all(
    runs.map(async (paired) => {
      const trials = await listTaskTrajectoriesInRun({ runId: paired.id, taskExternalId: trajectory.task.externalId });
      const match = trials.find((candidate) => candidate.trial === trajectory.trial) ?? trials[0] ?? null;
      return {
        runId: paired.id,
        runName: paired.name,
        variant: paired.variant,
        trajectoryId: match?.id ?? null,
        trial: match?.trial ?? null,
      };
    }),
  );
}

/** Everything the timeline page shows, or null when the trajectory does not exist or belongs to another run. */
export async function getTrajectory({
  runId,
  trajectoryId,
}: {
  runId: string;
  trajectoryId: string;
}): Promise<TrajectoryView | null> {
  const trajectory = await findTrajectoryDetail({ trajectoryId });
  if (!trajectory || trajectory.runId !== runId) return null;
  const [task, events, cells, paired] = await Promise.all([
    findTaskDetail({ taskId: trajectory.taskId }),
    listTrajectoryEvents({ runId, trajectoryId }),
    getRunTaskCells(runId),
    findPairedTrajectories(trajectory),
  ]);
  if (!task) return null;
  return {
    trajectory,
    task,
    events,
    cells: cells.map((cell) => ({ id: cell.id, taskExternalId: cell.taskExternalId, trial: cell.trial })),
    paired,
  };
}
