import { describe, expect, it } from "vitest";
import { ingestBundle } from "@/lib/server/ingest-bundle";
import { chunksOf, makeBundle, makeTask, makeTrajectory } from "@/lib/testing/factories";
import { listTrajectoryPage } from "./trajectories";

describe("listTrajectoryPage", () => {
  it("orders task ids naturally (2 before 10) across pages, then by trial", async () => {
    const ids = ["10", "2", "1", "task_10", "task_9"];
    const bundle = makeBundle({
      tasks: ids.map((id) => makeTask({ id })),
      trajectories: ids.flatMap((task) => [makeTrajectory({ task, trial: 2 }), makeTrajectory({ task, trial: 1 })]),
      turnPredictions: [],
    });
    const stored = await ingestBundle({ chunks: chunksOf(JSON.stringify(bundle)), fileName: "natural.json" });
    if (stored.kind !== "stored") throw new Error(JSON.stringify(stored));
    const runId = stored.runs[0]?.id ?? "";
    const first = await listTrajectoryPage({ runId, filter: {}, skip: 0, take: 4 });
    const second = await listTrajectoryPage({ runId, filter: {}, skip: 4, take: 6 });
    expect(first.total).toBe(10);
    expect([...first.rows, ...second.rows].map((row) => `${row.task.externalId}/${row.trial}`)).toEqual([
      "1/1",
      "1/2",
      "2/1",
      "2/2",
      "10/1",
      "10/2",
      "task_9/1",
      "task_9/2",
      "task_10/1",
      "task_10/2",
    ]);
  });
});
