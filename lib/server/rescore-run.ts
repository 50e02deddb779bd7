import {
  computeStoredScores,
  parseFlaggedTurns,
  scoringRulesFor,
  SCORES_VERSION,
  type MetricEvent,
} from "@/lib/metrics";
import { forgetCachedComparisons } from "@/lib/db/comparison-cache";
import {
  listRunsToRescore,
  loadTrajectoriesToRescore,
  markRunRescored,
  readRunScoring,
  writeTrajectoryScores,
  type RescoreTrajectoryRow,
} from "@/lib/db/rescore";

const PAGE = 500;

function scoresOf(row: RescoreTrajectoryRow, rules: ReturnType<typeof scoringRulesFor>) {
  const events: MetricEvent[] = row.events.map((event) => ({
    seq: event.seq,
    turnIndex: event.turnIndex,
    kind: event.kind as MetricEvent["kind"],
    actor: event.actor as MetricEvent["actor"],
    toolName: event.toolName,
    callId: event.callId,
    isError: event.isError,
    text: event.text,
  }));
  return computeStoredScores({
    events,
    requiredReplyInfo: row.task.requiredReplyInfo,
    expectedFinalState: row.task.expectedFinalState,
    finalState: row.finalState,
    finalReply: row.finalReply,
    flaggedTurns: parseFlaggedTurns(row.judgeTurnLabels),
    reward: row.reward,
    stopReason: row.stopReason,
    rules,
  });
}

/**
 * Recomputes a run's stored per-trajectory scores with the current definitions (SCORES_VERSION) from its
 * stored events and task, a page at a time, then drops its metrics cache. Returns the number rescored.
 */
export async function rescoreRun(runId: string): Promise<number> {
  const run = await readRunScoring({ runId });
  if (!run) return 0;
  const rules = scoringRulesFor(run.sourceFormat);
  let after: string | null = null;
  let count = 0;
  for (;;) {
    const rows = await loadTrajectoriesToRescore({ runId, after, take: PAGE });
    if (rows.length === 0) break;
    await writeTrajectoryScores({ updates: rows.map((row) => ({ id: row.id, ...scoresOf(row, rules) })) });
    count += rows.length;
    after = rows.at(-1)?.id ?? null;
  }
  await markRunRescored({ runId, version: SCORES_VERSION });
  // Stored /compare results of this run were computed from the old scores.
  await forgetCachedComparisons({ runId });
  return count;
}

/** Rescoring when the stored scores are older than the definitions: the lazy path behind every metrics read. */
export async function rescoreRunIfStale(runId: string): Promise<boolean> {
  const run = await readRunScoring({ runId });
  if (!run || run.scoresVersion >= SCORES_VERSION) return false;
  await rescoreRun(runId);
  return true;
}

/** Every run scored with older definitions (the `npm run rescore` script). */
export async function rescoreStaleRuns(
  onRun?: (run: { id: string; name: string; trajectories: number }) => void,
): Promise<number> {
  const runs = await listRunsToRescore({ version: SCORES_VERSION });
  for (const run of runs) {
    const trajectories = await rescoreRun(run.id);
    onRun?.({ ...run, trajectories });
  }
  return runs.length;
}
