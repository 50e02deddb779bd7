import { listTrajectoryEvents } from "@/lib/db/events";
import { findTaskDetail, type TaskDetail } from "@/lib/db/tasks";
import { findTrajectoryDetail, listTaskTrajectoriesInRun, type TrajectoryDetailRow } from "@/lib/db/trajectories";
import { listPairedRuns } from "@/lib/db/run-detail";
import type { TimelineEventInput } from "@/lib/presenters/timeline-model";
import { getRunTaskCells } from "./get-run-page";
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
  events: TimelineEventInput[];
  cells: NavigationCell[];
  paired: PairedTrajectoryLink[];
}

async function findPairedTrajectories(trajectory: TrajectoryDetail): Promise<PairedTrajectoryLink[]> {
  const { run } = trajectory;
  if (!run.pairingKey) return [];
  const runs = await listPairedRuns({ runId: run.id, pairingKey: run.pairingKey, variant: run.variant });
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
