import { storedJudgeVerdicts } from "@/lib/metrics";
import { listRunJudgeLabels, listRunJudgedTrajectories } from "@/lib/db/run-judge-labels";
import { listAssignableUsers } from "@/lib/db/studies";
import { LOCAL_ADMIN_ANNOTATOR } from "@/lib/contracts/local-annotator";
import { authRequired } from "../auth/resolve-actor";
import { listRuns } from "../list-runs";

/** What the form starts with when opened from a run ("Start a study on these trajectories"). */
export interface StudyPrefill {
  runIds: string[];
  name: string;
  sampleSize: number;
  sampling: "random" | "outcome";
  /** How the sample size was chosen, said beside it. */
  why: string;
}

const MAX_SAMPLE = 5000;
const DEFAULT_SAMPLE = 50;

/**
 * Every trajectory some judge has a verdict on, and the run's trajectories: a study opened from a run's judges
 * samples as many as the judges cover, stratified by outcome so successes and failures are both in it.
 */
async function prefillFromRun(run: { id: string; displayName: string }): Promise<StudyPrefill> {
  const [trajectories, uploaded] = await Promise.all([
    listRunJudgedTrajectories({ runId: run.id }),
    listRunJudgeLabels({ runId: run.id }),
  ]);
  const judged = new Set(uploaded.map((row) => row.trajectoryId));
  for (const trajectory of trajectories) if (storedJudgeVerdicts(trajectory).length > 0) judged.add(trajectory.id);
  const sampleSize = Math.min(
    MAX_SAMPLE,
    judged.size > 0 ? judged.size : Math.min(DEFAULT_SAMPLE, trajectories.length),
  );
  return {
    runIds: [run.id],
    name: `Humans vs judges: ${run.displayName}`,
    sampleSize: Math.max(1, sampleSize),
    sampling: "outcome",
    why:
      judged.size > 0
        ? `${judged.size} of the run's ${trajectories.length} trajectories have a judge verdict; stratified by outcome so successes and failures are both labelled.`
        : `No judge has a verdict on this run yet; ${sampleSize} of its ${trajectories.length} trajectories, stratified by outcome.`,
  };
}

/** What the new-study form offers: runs (grouped suites derive from them), assignable people, and its prefill. */
export async function getStudyFormOptions({ runId }: { runId?: string } = {}) {
  const [runs, users] = await Promise.all([listRuns(), listAssignableUsers()]);
  // Display names and suite labels are unique, so two runs or suites never read alike in the pickers.
  const suites = new Map(runs.map((run) => [run.suiteId, run.suite]));
  const run = runId ? runs.find((candidate) => candidate.id === runId) : undefined;
  return {
    runs: runs.map((run) => ({ id: run.id, name: run.displayName, model: run.model, suite: run.suite })),
    suites: [...suites.entries()].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    users,
    // Open mode: the person at the keyboard is the local admin, who can annotate without an account.
    localAdmin: authRequired() ? null : LOCAL_ADMIN_ANNOTATOR,
    prefill: run ? await prefillFromRun(run) : null,
  };
}
