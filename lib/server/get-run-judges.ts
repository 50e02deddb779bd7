import { compareJudgeWithOutcome, compareTwoJudges, storedJudgeVerdicts, type StoredJudgeColumns } from "@/lib/metrics";
import type { RunJudge, RunJudgeDisagreement, RunJudges, TrajectoryJudgeView } from "@/lib/contracts/run-judges";
import {
  listRunJudgeLabels,
  listRunJudgedTrajectories,
  listTrajectoryJudgeLabels,
  runExists,
} from "@/lib/db/run-judge-labels";
import { AppError } from "./app-error";

interface Verdict {
  label: string;
  pass: boolean | null;
  costUsd: number | null;
}

interface JudgeColumn {
  name: string;
  model: string;
  byTrajectory: Map<string, Verdict>;
}

/** "name (model)" when the judge has a model: a prompt run on two models is two judges. */
function judgeTitle(judge: { name: string; model: string }): string {
  return judge.model ? `${judge.name} (${judge.model})` : judge.name;
}

/**
 * Every judge of a run (uploaded judge reviews, and the judges inside the run's own upload: bundle judge, tau2
 * review, tau2 NL assertions) against the benchmark's outcome and against each other.
 */
export async function getRunJudges(runId: string): Promise<RunJudges> {
  if (!(await runExists({ runId }))) throw new AppError("not_found", `no run with id ${runId}`);
  const [trajectories, uploaded] = await Promise.all([
    listRunJudgedTrajectories({ runId }),
    listRunJudgeLabels({ runId }),
  ]);
  const columns = new Map<string, JudgeColumn>();
  const add = (name: string, model: string, trajectoryId: string, verdict: Verdict) => {
    const key = `${name}\0${model}`;
    let column = columns.get(key);
    if (!column) columns.set(key, (column = { name, model, byTrajectory: new Map() }));
    column.byTrajectory.set(trajectoryId, verdict);
  };
  for (const row of uploaded)
    add(row.judgeName, row.judgeVersion, row.trajectoryId, {
      label: row.label,
      pass: row.outcome,
      costUsd: row.costUsd,
    });
  for (const trajectory of trajectories)
    for (const verdict of storedJudgeVerdicts(trajectory))
      add(verdict.name, verdict.model, trajectory.id, { label: verdict.label, pass: verdict.pass, costUsd: null });

  const ordered = [...columns.values()].sort((a, b) => judgeTitle(a).localeCompare(judgeTitle(b)));
  const judges: RunJudge[] = [];
  const disagreements: RunJudgeDisagreement[] = [];
  for (const column of ordered) {
    const labels: Record<string, number> = {};
    let notCompared = 0;
    let cost: number | null = null;
    const items = trajectories.map((trajectory) => {
      const verdict = column.byTrajectory.get(trajectory.id);
      if (verdict) {
        labels[verdict.label] = (labels[verdict.label] ?? 0) + 1;
        if (verdict.pass === null) notCompared += 1;
        if (verdict.costUsd !== null) cost = (cost ?? 0) + verdict.costUsd;
        if (verdict.pass !== null && trajectory.success !== null && verdict.pass !== trajectory.success)
          disagreements.push({
            judge: judgeTitle(column),
            trajectoryId: trajectory.id,
            taskExternalId: trajectory.task.externalId,
            trial: trajectory.trial,
            verdict: verdict.label,
            judgePass: verdict.pass,
            benchmarkSuccess: trajectory.success,
          });
      }
      return { judgePass: verdict?.pass ?? null, success: trajectory.success };
    });
    judges.push({
      name: column.name,
      model: column.model,
      n: column.byTrajectory.size,
      labels,
      notCompared,
      vsOutcome: compareJudgeWithOutcome(items),
      costUsd: cost,
    });
  }
  const pairwise = ordered.flatMap((a, i) =>
    ordered.slice(i + 1).map((b) => {
      const verdictsOf = (column: JudgeColumn) => trajectories.map((t) => column.byTrajectory.get(t.id)?.pass ?? null);
      return { a: judgeTitle(a), b: judgeTitle(b), ...compareTwoJudges(verdictsOf(a), verdictsOf(b)) };
    }),
  );
  return { judges, pairwise, disagreements };
}

function issuesOf(details: unknown): string[] {
  if (details === null || typeof details !== "object" || Array.isArray(details)) return [];
  const issues = (details as { issues?: unknown }).issues;
  return Array.isArray(issues)
    ? issues.map((issue) => (typeof issue === "string" ? issue : JSON.stringify(issue)))
    : [];
}

/** A trajectory's judge verdicts with their justification, for its timeline page. */
export async function getTrajectoryJudges(
  trajectoryId: string,
  stored: StoredJudgeColumns,
): Promise<TrajectoryJudgeView[]> {
  const uploaded = await listTrajectoryJudgeLabels({ trajectoryId });
  return [
    ...uploaded.map((row) => ({
      title: judgeTitle({ name: row.judgeName, model: row.judgeVersion }),
      label: row.label,
      pass: row.outcome,
      rationale: row.rationale,
      issues: issuesOf(row.details),
    })),
    ...storedJudgeVerdicts(stored).map((verdict) => ({
      title: judgeTitle(verdict),
      label: verdict.label,
      pass: verdict.pass,
      rationale: verdict.rationale,
      issues: [],
    })),
  ];
}
