import { loadCompareRuns, loadTaskTrials, loadTrajectoryEvents, type TaskTrialRow } from "@/lib/db/compare";
import { alignTimelines, type AlignedTimelines } from "@/lib/presenters/compare-timeline-alignment";
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
}

async function loadSide(run: { id: string; name: string; variant: string }, taskId: string, requestedTrial: number): Promise<TimelineSide> {
  const trials = await loadTaskTrials({ runId: run.id, taskExternalId: taskId });
  const trial = trials.find((t) => t.trial === requestedTrial) ?? trials[0];
  if (!trial) throw new AppError("not_found", `run ${run.name} has no trajectory for task ${taskId}`);
  return { runId: run.id, runName: run.name, variant: run.variant, trials, trial };
}

/** One trial of one task in two runs, aligned turn by turn. */
export async function getTaskTimelines(input: { runIds: [string, string]; taskId: string; trialA: number; trialB: number }): Promise<TaskTimelines> {
  const rows = await loadCompareRuns({ runIds: input.runIds });
  const runA = rows.find((row) => row.id === input.runIds[0]);
  const runB = rows.find((row) => row.id === input.runIds[1]);
  if (!runA || !runB) throw new AppError("not_found", "unknown run");
  const [sideA, sideB] = await Promise.all([loadSide(runA, input.taskId, input.trialA), loadSide(runB, input.taskId, input.trialB)]);
  const [eventsA, eventsB] = await Promise.all([loadTrajectoryEvents({ trajectoryId: sideA.trial.id }), loadTrajectoryEvents({ trajectoryId: sideB.trial.id })]);
  return { taskId: input.taskId, sides: [sideA, sideB], alignment: alignTimelines(eventsA, eventsB) };
}
