import { describe, expect, it } from "vitest";
import { NO_JUDGE_LABELS } from "@/lib/metrics";
import { ingestBundle } from "@/lib/server/ingest-bundle";
import { chunksOf, makeBundle, makeTask, makeTrajectory } from "@/lib/testing/factories";
import { loadTrajectoryOutcomes } from "./run-metrics-inputs";

async function storedRun(): Promise<string> {
  const tasks = ["a", "b", "c", "d"].map((id) => makeTask({ id, tags: [`tag-${id}`] }));
  const trajectories = tasks.flatMap((task, t) =>
    [1, 2, 3].map((trial) =>
      makeTrajectory({
        task: task.id,
        trial,
        reward: (t + trial) % 2,
        ...(t === 1 && trial === 2 ? { judge: { goalCompleted: true, failureCategory: "none" } } : {}),
      }),
    ),
  );
  const stored = await ingestBundle({
    chunks: chunksOf(JSON.stringify(makeBundle({ tasks, trajectories, turnPredictions: [] }))),
    fileName: "outcomes.json",
  });
  if (stored.kind !== "stored") throw new Error(JSON.stringify(stored));
  return stored.runs[0]?.id ?? "";
}

describe("loadTrajectoryOutcomes", () => {
  it("reads a run a few tasks at a time, with the same outcomes in the same order as in one page", async () => {
    const runId = await storedRun();
    const whole = await loadTrajectoryOutcomes({ runId });
    // 3 trials a task: pages of at most 4 rows hold one task each; 7 rows, two tasks.
    for (const pageRows of [1, 4, 7]) expect(await loadTrajectoryOutcomes({ runId, pageRows })).toEqual(whole);
    expect(whole).toHaveLength(12);
    const byTask = new Map<string, number[]>();
    for (const outcome of whole) byTask.set(outcome.taskId, [...(byTask.get(outcome.taskId) ?? []), outcome.trial]);
    expect([...byTask.values()]).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
    expect(new Set(whole.map((outcome) => outcome.trajectoryId)).size).toBe(12);
  });

  it("shares a task's tags and the empty judge labels, and keeps the labels a trajectory has", async () => {
    const runId = await storedRun();
    const outcomes = await loadTrajectoryOutcomes({ runId, pageRows: 2 });
    const ofB = outcomes.filter((outcome) => outcome.taskId.endsWith("b"));
    expect(ofB[0]?.tags).toBe(ofB[2]?.tags);
    expect(ofB[0]?.tags).toEqual(["tag-b"]);
    expect(ofB[1]?.judge).toMatchObject({ goalCompleted: true, failureCategory: "none" });
    const unlabelled = outcomes.filter((outcome) => outcome !== ofB[1]);
    expect(new Set(unlabelled.map((outcome) => outcome.judge)).size).toBe(1);
    expect(unlabelled[0]?.judge).toBe(NO_JUDGE_LABELS);
  });
});
