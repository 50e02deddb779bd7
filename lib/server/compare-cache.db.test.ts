import { describe, expect, it } from "vitest";
import { makePairedBundle } from "@/e2e/compare-fixtures/make-paired-bundle";
import { db } from "@/lib/db/client";
import { chunksOf, uniqueId } from "@/lib/testing/factories";
import { LOCAL_ACTOR } from "./auth/roles";
import { loadComparison } from "./compare-runs";
import { deleteRun } from "./delete-run";
import { editRunLabels } from "./edit-run";
import { ingestBundle } from "./ingest-bundle";
import { rescoreRun } from "./rescore-run";

/** The comparison whatever the runs' suites (the page's explicit opt-in), as the page and the exports load it. */
async function compareRuns(runIds: string[]) {
  const { comparison } = await loadComparison(runIds, { crossSuite: true });
  if (!comparison) throw new Error("loadComparison refused with crossSuite on");
  return comparison;
}

async function ingestPair(): Promise<{ base: string; sft: string }> {
  const pairingKey = uniqueId("cache-pair");
  const result = await ingestBundle({
    chunks: chunksOf(JSON.stringify(makePairedBundle({ pairingKey, suiteName: uniqueId("cache-suite") }))),
    fileName: `${pairingKey}.json`,
  });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  const ids = new Map(result.runs.map((run) => [run.name, run.id]));
  return { base: ids.get(`${pairingKey} base`) ?? "", sft: ids.get(`${pairingKey} sft`) ?? "" };
}

function cachedRows(runId: string) {
  return db().$queryRaw<{ key: string }[]>`SELECT key FROM "ComparisonCache" WHERE "runIds" @> ARRAY[${runId}]::text[]`;
}

/** Marks the stored result so a read that comes from the cache can be told from a recomputation. */
async function markCachedBaselineName(runId: string, name: string): Promise<void> {
  await db().$executeRaw`UPDATE "ComparisonCache"
    SET result = jsonb_set(result::jsonb, '{runs,0,name}', to_jsonb(${name}::text))::json
    WHERE "runIds" @> ARRAY[${runId}]::text[]`;
}

describe("compareRuns' result cache", () => {
  it("stores a comparison once, serves it again, and forgets it on rescore, edit and delete", async () => {
    const { base, sft } = await ingestPair();
    const computed = await compareRuns([base, sft]);
    expect(await cachedRows(base)).toHaveLength(1);
    // The stored copy is what a second load gets, and it equals the computed one.
    expect(await compareRuns([base, sft])).toEqual(computed);
    await markCachedBaselineName(base, "served from the cache");
    expect((await compareRuns([base, sft])).runs[0]?.name).toBe("served from the cache");
    // The order is part of the key: the other baseline is a different comparison.
    expect((await compareRuns([sft, base])).runs[0]?.id).toBe(sft);
    expect(await cachedRows(base)).toHaveLength(2);

    // Rescoring a run forgets every comparison it is in.
    await rescoreRun(base);
    expect(await cachedRows(base)).toHaveLength(0);
    expect((await compareRuns([base, sft])).runs[0]?.name).toBe(computed.runs[0]?.name);

    // An edit moves the identity generation: the next load is computed again under the new name.
    await markCachedBaselineName(base, "served from the cache");
    const renamed = uniqueId("Renamed base");
    await editRunLabels(LOCAL_ACTOR, { runId: base, name: renamed, variant: "base", pairingKey: "", tags: "" });
    expect((await compareRuns([base, sft])).runs[0]?.name).toBe(renamed);

    // Deleting a run forgets its comparisons, and comparing it is refused.
    await deleteRun(LOCAL_ACTOR, sft);
    expect(await cachedRows(sft)).toHaveLength(0);
    await expect(compareRuns([base, sft])).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("loadComparison", () => {
  it("serves the guard stored with the result, and refuses runs of two suites without the opt-in, cached or not", async () => {
    const first = await ingestPair();
    const second = await ingestPair();
    const same = await loadComparison([first.base, first.sft], { crossSuite: false });
    expect(same.guard.crossSuite).toBe(false);
    expect(same.comparison?.guard).toEqual(same.guard);
    // A cached load takes the guard from the stored result, not from the runs.
    await db().$executeRaw`UPDATE "ComparisonCache"
      SET result = jsonb_set(result::jsonb, '{guard,differences}', '["stored difference"]'::jsonb)::json
      WHERE "runIds" @> ARRAY[${first.base}]::text[]`;
    expect((await loadComparison([first.base, first.sft], { crossSuite: false })).guard.differences).toEqual([
      "stored difference",
    ]);

    const across = [first.base, second.sft];
    const refused = await loadComparison(across, { crossSuite: false });
    expect(refused.guard.crossSuite).toBe(true);
    expect(refused.comparison).toBeNull();
    expect(await cachedRows(second.sft)).toHaveLength(0);
    const optedIn = await loadComparison(across, { crossSuite: true });
    expect(optedIn.comparison?.runs.map((run) => run.id)).toEqual(across);
    expect(await cachedRows(second.sft)).toHaveLength(1);
    // Stored now, and still refused without the opt-in.
    expect((await loadComparison(across, { crossSuite: false })).comparison).toBeNull();
    await expect(loadComparison([first.base, "no-such-run"], { crossSuite: true })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
