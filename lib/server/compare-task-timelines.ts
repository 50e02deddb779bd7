import { loadCompareRuns, loadTaskTrials, type TaskTrialRow } from "@/lib/db/compare";
import { listTrajectoryEvents } from "@/lib/db/events";
import { findTaskDetail } from "@/lib/db/tasks";
import { findTrajectoryDetail } from "@/lib/db/trajectories";
import { buildVerdict } from "@/lib/presenters/build-verdict";
import { alignTimelines, type AlignedTimelines } from "@/lib/presenters/compare-timeline-alignment";
import type { StoredEvent } from "@/lib/contracts/event";
import type { VerdictModel } from "@/lib/presenters/verdict-types";
import { AppError } from "./app-error";

export interface TimelineSide {
  runId: string;
  runName: string;
  variant: string;
  trials: TaskTrialRow[];
  /** The shown trial: the requested one when it exists, else the first. */
  trial: TaskTrialRow;
}

export interface TaskTimelines {
  taskId: string;
  sides: [TimelineSide, TimelineSide];
  alignment: AlignedTimelines;
  /** Each side's benchmark verdict (the trajectory page's verdict panel). */
  verdicts: [VerdictModel | null, VerdictModel | null];
}

async function loadVerdict(trajectoryId: string, events: readonly StoredEvent[]): Promise<VerdictModel | null> {
  const trajectory = await findTrajectoryDetail({ trajectoryId });
  const task = trajectory ? await findTaskDetail({ taskId: trajectory.taskId }) : null;
  if (!trajectory || !task) return null;
  return buildVerdict({
    sourceFormat: trajectory.run.sourceFormat,
    reward: trajectory.reward,
    rewardBreakdown: trajectory.rewardBreakdown,
    events,
    task: {
      expectedActions: task.expectedActions,
      evaluationCriteria: task.evaluationCriteria,
      requiredReplyInfo: task.requiredReplyInfo,
      expectedFinalState: task.expectedFinalState,
    },
    finalState: trajectory.finalState,
    finalReply: trajectory.finalReply,
    stateMatch: trajectory.stateMatch,
    replyCheck: trajectory.replyCheck,
    stopReason: trajectory.stopReason,
  });
}

async function loadSide(
  run: { id: string; name: string; variant: string },
  taskId: string,
  requestedTrial: number,
): Promise<TimelineSide> {
  const trials = await loadTaskTrials({ runId: run.id, taskExternalId: taskId });
  const trial = trials.find((t) => t.trial === requestedTrial) ?? trials[0];
  if (!trial) throw new AppError("not_found", `run ${run.name} has no trajectory for task ${taskId}`);
  return { runId: run.id, runName: run.name, variant: run.variant, trials, trial };
}

/** One trial of one task in two runs, aligned by user turns and agent actions, with both verdicts. */
export async function getTaskTimelines(input: {
  runIds: [string, string];
  taskId: string;
  trialA: number;
  trialB: number;
}): Promise<TaskTimelines> {
  const rows = await loadCompareRuns({ runIds: input.runIds });
  const runA = rows.find((row) => row.id === input.runIds[0]);
  const runB = rows.find((row) => row.id === input.runIds[1]);
  if (!runA || !runB) throw new AppError("not_found", "unknown run");
  const [sideA, sideB] = await Promise.all([
    loadSide(runA, input.taskId, input.trialA),
    loadSide(runB, input.taskId, input.trialB),
  ]);
  const [eventsA, eventsB] = await Promise.all([
    listTrajectoryEvents({ runId: sideA.runId, trajectoryId: sideA.trial.id }),
    listTrajectoryEvents({ runId: sideB.runId, trajectoryId: sideB.trial.id }),
  ]);
  const verdicts = await Promise.all([loadVerdict(sideA.trial.id, eventsA), loadVerdict(sideB.trial.id, eventsB)]);
  return { taskId: input.taskId, sides: [sideA, sideB], alignment: alignTimelines(eventsA, eventsB), verdicts };
}
