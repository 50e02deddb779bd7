import { beforeAll, describe, expect, it } from "vitest";
import { ingestBundle } from "@/lib/server/ingest-bundle";
import { chunksOf, makeBundle, makeRun, makeTrajectory, uniqueId } from "@/lib/testing/factories";
import { getTrajectory } from "./get-trajectory";

async function ingest(bundle: object): Promise<{ id: string; name: string }[]> {
  const stored = await ingestBundle({ chunks: chunksOf(JSON.stringify(bundle)), fileName: "paired.json" });
  if (stored.kind !== "stored") throw new Error(JSON.stringify(stored));
  return stored.runs;
}

describe("getTrajectory paired runs", () => {
  const pairingKey = uniqueId("pk");
  let baseRun = "";
  let sftRun = "";

  beforeAll(async () => {
    // The same model fine-tuned, in its own suite and in another suite sharing the pairing key.
    const runs = [makeRun({ id: "base", pairingKey }), makeRun({ id: "sft", variant: "sft", pairingKey })];
    const trajectories = [makeTrajectory({ run: "base" }), makeTrajectory({ run: "sft" })];
    [baseRun, sftRun] = (await ingest(makeBundle({ runs, trajectories, turnPredictions: [] }))).map(
      (run) => run.id,
    ) as [string, string];
    await ingest(
      makeBundle({
        runs: [makeRun({ id: "other-sft", variant: "sft", pairingKey })],
        trajectories: [makeTrajectory({ run: "other-sft", task: "refund" })],
        turnPredictions: [],
      }),
    );
  });

  it("lists only the paired run of the same suite and setting, as /api/runs pairedRunIds does", async () => {
    const trajectories = await import("@/lib/db/trajectories");
    const [first] = await trajectories.listTaskTrajectoriesInRun({ runId: baseRun, taskExternalId: "refund" });
    const view = await getTrajectory({ runId: baseRun, trajectoryId: first?.id ?? "" });
    expect(view?.paired.map((link) => [link.runId, link.variant, link.trial])).toEqual([[sftRun, "sft", 1]]);
  });
});
