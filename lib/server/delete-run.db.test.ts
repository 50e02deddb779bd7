import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { findRunDetail } from "@/lib/db/run-detail";
import { listRunRows } from "@/lib/db/runs";
import { chunksOf, makeBundle, makeTrajectory, toJsonl } from "@/lib/testing/factories";
import { useJobWorker } from "@/lib/testing/job-worker";
import { waitFor } from "@/lib/testing/upload-jobs";
import { LOCAL_ACTOR } from "./auth/roles";
import { deleteRun } from "./delete-run";
import { getRunMetrics } from "./get-run-metrics";
import { ingestBundle } from "./ingest-bundle";

useJobWorker();

describe("deleteRun", () => {
  it("hides the run at once, releases its file for a new upload, and a background job removes its rows", async () => {
    const content = toJsonl(
      makeBundle({ trajectories: Array.from({ length: 40 }, (_, index) => makeTrajectory({ trial: index + 1 })) }),
    );
    const stored = await ingestBundle({ chunks: chunksOf(content), fileName: "delete-me.jsonl" });
    if (stored.kind !== "stored") throw new Error(`not stored: ${JSON.stringify(stored)}`);
    const runId = stored.runs[0]?.id ?? "";

    await expect(deleteRun(LOCAL_ACTOR, runId)).resolves.toMatchObject({ name: expect.any(String) });
    // Hidden from every read at once, whether or not the rows are gone yet.
    expect(await findRunDetail({ runId })).toBeNull();
    expect((await listRunRows()).some((run) => run.id === runId)).toBe(false);
    await expect(getRunMetrics(runId)).rejects.toMatchObject({ code: "not_found" });
    await expect(deleteRun(LOCAL_ACTOR, runId)).rejects.toMatchObject({ code: "not_found" });

    await waitFor(async () => (await db().run.count({ where: { id: runId } })) === 0, { what: "the purge job" });
    expect(await db().trajectory.count({ where: { runId } })).toBe(0);
    expect(await db().turnPrediction.count({ where: { runId } })).toBe(0);
    expect(await db().bundle.count({ where: { id: stored.bundleId } })).toBe(0);

    // The same bytes are a new upload again, not a duplicate of the deleted run.
    const again = await ingestBundle({ chunks: chunksOf(content), fileName: "delete-me.jsonl" });
    expect(again).toMatchObject({ kind: "stored", duplicate: false, counts: { trajectories: 40 } });
  });
});
