import { storedJudgeVerdicts } from "@/lib/metrics";
import { listTrajectoryVerdictSources } from "@/lib/db/run-judge-labels";
import type { FrozenVerdict } from "@/lib/db/studies";
import { BENCHMARK_OUTCOME_JUDGE } from "@/lib/presenters/study-pass-fail";

function passFail(pass: boolean): "pass" | "fail" {
  return pass ? "pass" : "fail";
}

/**
 * Every judge's pass / fail verdict on the sampled trajectories, frozen with the study like the bundle judge's
 * labels: uploaded judge reviews, the judges inside the upload (bundle judge, tau2 review, tau2 NL assertions) and
 * the benchmark's own outcome. Verdicts that read as neither pass nor fail are not compared, so not frozen.
 */
export async function frozenRunVerdicts(trajectoryIds: string[]): Promise<Map<string, FrozenVerdict[]>> {
  const { trajectories, uploaded } = await listTrajectoryVerdictSources({ trajectoryIds });
  const byTrajectory = new Map<string, FrozenVerdict[]>();
  const add = (trajectoryId: string, verdict: FrozenVerdict) =>
    byTrajectory.set(trajectoryId, [...(byTrajectory.get(trajectoryId) ?? []), verdict]);
  for (const row of uploaded)
    if (row.outcome !== null)
      add(row.trajectoryId, {
        judgeName: row.judgeName,
        judgeVersion: row.judgeVersion,
        label: passFail(row.outcome),
        rationale: row.rationale,
        verdict: row.label,
      });
  for (const trajectory of trajectories) {
    for (const verdict of storedJudgeVerdicts(trajectory))
      if (verdict.pass !== null)
        add(trajectory.id, {
          judgeName: verdict.name,
          judgeVersion: verdict.model,
          label: passFail(verdict.pass),
          rationale: verdict.rationale,
          verdict: verdict.label,
        });
    if (trajectory.success !== null)
      add(trajectory.id, {
        judgeName: BENCHMARK_OUTCOME_JUDGE,
        judgeVersion: "",
        label: passFail(trajectory.success),
        rationale: null,
        verdict: trajectory.success ? "success" : "failure",
      });
  }
  return byTrajectory;
}
