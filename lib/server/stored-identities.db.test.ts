import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { readIdentityGeneration } from "@/lib/db/run-identities";
import { chunksOf, uniqueId } from "@/lib/testing/factories";
import { makeTau2Results } from "@/lib/testing/tau2-results";
import { LOCAL_ACTOR } from "./auth/roles";
import { deleteRun } from "./delete-run";
import { editRunLabels } from "./edit-run";
import { getLeaderboardPage } from "./get-leaderboard";
import { ingestBundle } from "./ingest-bundle";
import { listRuns } from "./list-runs";
import { parseLeaderboardQuery } from "@/lib/presenters/leaderboard-query";

async function upload(document: unknown, fileName: string): Promise<string> {
  const result = await ingestBundle({ chunks: chunksOf(JSON.stringify(document), 4096), fileName });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  const id = result.runs[0]?.id;
  if (!id) throw new Error("no run stored");
  return id;
}

/** The identity stored on the run's lean row (what the leaderboard page reads). */
async function storedIdentity(runId: string): Promise<{ displayName?: string; variant?: string } | null> {
  const row = await db().leaderboardSummary.findUnique({ where: { runId }, select: { identity: true } });
  return (row?.identity ?? null) as { displayName?: string; variant?: string } | null;
}

async function leaderboardNames(suiteId: string): Promise<Map<string, string>> {
  const page = await getLeaderboardPage(parseLeaderboardQuery({ suite: suiteId, minTasks: "0" }));
  return new Map(page.entries.map((entry) => [entry.run.id, entry.run.displayName]));
}

describe("identities stored on the lean rows", () => {
  it("follow runs added, edited and deleted, and agree with listRuns", async () => {
    const domain = `airline-${uniqueId("stored")}`;
    const first = await upload(
      makeTau2Results({ domain, timestamp: "2026-11-01T10:00:00.000000" }),
      `${domain}-first.json`,
    );
    const firstAlone = (await listRuns()).find((run) => run.id === first);
    if (!firstAlone) throw new Error("first run not listed");
    expect(await storedIdentity(first)).toEqual(JSON.parse(JSON.stringify(firstAlone)));
    const suiteId = firstAlone.suiteId;
    expect(await leaderboardNames(suiteId)).toEqual(new Map([[first, firstAlone.displayName]]));

    // A second run of the same model and suite: the names must now tell the two apart, on the stored rows too.
    const before = await readIdentityGeneration();
    const second = await upload(
      makeTau2Results({ domain, timestamp: "2026-11-02T10:00:00.000000" }),
      `${domain}-second.json`,
    );
    expect(await readIdentityGeneration()).toBeGreaterThan(before);
    const names = await leaderboardNames(suiteId);
    expect(names.size).toBe(2);
    expect(names.get(first)).not.toBe(names.get(second));
    const listed = new Map((await listRuns()).map((run) => [run.id, run]));
    for (const id of [first, second]) {
      expect(names.get(id)).toBe(listed.get(id)?.displayName);
      expect(await storedIdentity(id)).toEqual(JSON.parse(JSON.stringify(listed.get(id))));
    }

    // Edited labels show at once on the leaderboard, listRuns and the stored row.
    const secondName = uniqueId("My second run");
    await editRunLabels(LOCAL_ACTOR, {
      runId: second,
      name: secondName,
      variant: "sft",
      pairingKey: "",
      tags: "",
    });
    expect((await leaderboardNames(suiteId)).get(second)).toBe(secondName);
    expect((await listRuns()).find((run) => run.id === second)).toMatchObject({
      displayName: secondName,
      variant: "sft",
    });
    expect(await storedIdentity(second)).toMatchObject({ displayName: secondName, variant: "sft" });

    // Deleted: gone from the leaderboard, and the remaining run's name is built without it again.
    await deleteRun(LOCAL_ACTOR, second);
    expect(await leaderboardNames(suiteId)).toEqual(new Map([[first, firstAlone.displayName]]));
    expect((await listRuns()).some((run) => run.id === second)).toBe(false);
    expect(await storedIdentity(first)).toMatchObject({ displayName: firstAlone.displayName });
  });
});
