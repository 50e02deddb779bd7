import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { chunksOf, uniqueId } from "@/lib/testing/factories";
import { makeTau2Results } from "@/lib/testing/tau2-results";
import { ingestBundle } from "./ingest-bundle";
import { listRuns } from "./list-runs";
import type { UploadOptions } from "./upload-options";

async function upload(document: unknown, fileName: string, options?: UploadOptions): Promise<string> {
  const result = await ingestBundle({
    chunks: chunksOf(JSON.stringify(document), 4096),
    fileName,
    ...(options ? { options } : {}),
  });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  const id = result.runs[0]?.id;
  if (!id) throw new Error("no run stored");
  return id;
}

describe("run identity through ingest", () => {
  it("pairs base and OpenAI fine-tuned runs of three domains without any manual step", async () => {
    const stamp = uniqueId("pairs");
    const ids: Record<string, { base: string; sft: string }> = {};
    for (const domain of ["airline", "retail", "telecom"]) {
      const name = `${domain}-${stamp}`;
      const base = await upload(
        makeTau2Results({ model: "gpt-4.1", domain: name, timestamp: "2026-11-01T10:00:00.000000" }),
        `${name}-base.json`,
      );
      const sft = await upload(
        makeTau2Results({
          model: "ft:gpt-4.1-2025-04-14:acme:sft:abc123",
          domain: name,
          timestamp: "2026-11-02T10:00:00.000000",
        }),
        `${name}-sft.json`,
      );
      ids[domain] = { base, sft };
    }
    const runs = new Map((await listRuns()).map((run) => [run.id, run]));
    for (const { base, sft } of Object.values(ids)) {
      expect(runs.get(sft)).toMatchObject({ variant: "sft", pairingKey: "gpt-4.1", pairedRunIds: [base] });
      expect(runs.get(base)).toMatchObject({ variant: "base", pairingKey: "gpt-4.1", pairedRunIds: [sft] });
    }
    // Three pairs, one per domain: nothing pairs across suites.
    const pairs = Object.values(ids).map(({ sft }) => [sft, ...(runs.get(sft)?.pairedRunIds ?? [])]);
    expect(pairs).toHaveLength(3);
    expect(
      new Set(pairs.map(([sft, base]) => `${runs.get(sft ?? "")?.suiteId}:${runs.get(base ?? "")?.suiteId}`)).size,
    ).toBe(3);
    for (const [sft, base] of pairs) expect(runs.get(sft ?? "")?.suiteId).toBe(runs.get(base ?? "")?.suiteId);
  });

  it("gives ten grok-style runs of one domain ten distinct names and no duplicate suite labels", async () => {
    const domain = `airline-${uniqueId("grok")}`;
    const policies = [
      "policy A",
      "policy A",
      "policy B",
      "policy A",
      "policy C",
      "policy B",
      "policy A",
      "policy A",
      "policy A",
      "policy A",
    ];
    const trials = [4, 4, 4, 8, 4, 2, 4, 4, 1, 4];
    const taskSets = [
      ["0", "1", "2", "3"],
      ["0", "1", "2", "3"],
      ["0", "1", "2", "3"],
      ["0", "1", "2", "3"],
      ["0", "1"],
      ["0", "1", "2", "3"],
      ["0", "1", "2", "3"],
      ["0", "1", "2", "3"],
      ["0", "1", "2", "3"],
      ["0", "1", "2", "3"],
    ];
    const ids: string[] = [];
    for (let index = 0; index < 10; index += 1) {
      const document = makeTau2Results({
        model: "xai/grok-3",
        domain,
        policy: policies[index] ?? "",
        trials: trials[index] ?? 1,
        taskIds: taskSets[index] ?? [],
        // The last file comes from a tau2 release whose tasks changed: a second task set.
        taskRevision: index === 9 ? 1 : 0,
        // Runs 0 and 6 are the same setting and size: only the date tells them apart.
        timestamp: `2025-10-${String(10 + index).padStart(2, "0")}T11:40:16.379079`,
      });
      ids.push(await upload(document, `2025-10-13T11:40:16_${domain}_llm_agent_grok-3_${index}.json`));
    }
    const all = await listRuns();
    const mine = all.filter((run) => ids.includes(run.id));
    expect(mine).toHaveLength(10);
    expect(new Set(mine.map((run) => run.displayName)).size).toBe(10);
    expect(new Set(all.map((run) => run.displayName)).size).toBe(all.length);
    // Suite labels: one per suite, never two suites under one label.
    const labels = new Map(all.map((run) => [run.suiteId, run.suite]));
    expect(new Set(labels.values()).size).toBe(labels.size);
    const mySuites = new Map(mine.map((run) => [run.suiteId, run.suite]));
    expect([...mySuites.values()].sort()).toEqual([
      `tau2/${domain}, task set 1 of 2, 4 tasks`,
      `tau2/${domain}, task set 2 of 2, 4 tasks`,
    ]);
    const byId = new Map(mine.map((run) => [run.id, run]));
    const policyOf = (index: number) =>
      (byId.get(ids[index] ?? "")?.metadata as { policyVariant: string | null }).policyVariant;
    expect([0, 2, 4, 5].map(policyOf)).toEqual([null, "v2", "v3", "v2"]);
    expect(byId.get(ids[4] ?? "")?.coverage).toBe("2 of 4 tasks");
    expect(byId.get(ids[2] ?? "")?.displayName).toBe(
      `grok-3 on tau2/${domain} (task set 1) (policy v2), 4 tasks x 4 trials`,
    );
  });

  it("keeps tags, variant and pairing given at upload and filters runs by tag", async () => {
    const domain = `retail-${uniqueId("tags")}`;
    const experiment = uniqueId("exp");
    const base = await upload(makeTau2Results({ model: "acme-model", domain }), `${domain}-a.json`, {
      tags: { experiment, owner: "ana" },
    });
    const sft = await upload(
      makeTau2Results({ model: "acme-model-v7", domain, timestamp: "2026-11-30T11:00:00.000000" }),
      `${domain}-b.json`,
      { tags: { experiment }, variant: "sft", pair: base },
    );
    const tagged = await listRuns({ tags: { experiment } });
    expect(tagged.map((run) => run.id).sort()).toEqual([base, sft].sort());
    expect((await listRuns({ tags: { experiment, owner: "ana" } })).map((run) => run.id)).toEqual([base]);
    const stored = await db().run.findUniqueOrThrow({
      where: { id: sft },
      select: { variant: true, pairingKey: true, tags: true },
    });
    expect(stored).toEqual({ variant: "sft", pairingKey: "acme-model", tags: { experiment } });
    expect(tagged.find((run) => run.id === sft)?.pairedRunIds).toEqual([base]);
  });

  it("refuses a pair with a run that has no pairing key, writing nothing", async () => {
    const domain = `retail-${uniqueId("nopair")}`;
    const base = await upload(makeTau2Results({ model: "acme-model", domain }), `${domain}-a.json`);
    await db().run.update({ where: { id: base }, data: { pairingKey: null } });
    const before = await db().run.count();
    const result = await ingestBundle({
      chunks: chunksOf(
        JSON.stringify(makeTau2Results({ model: "other", domain, timestamp: "2026-11-30T12:00:00.000000" })),
        4096,
      ),
      fileName: "b.json",
      options: { tags: {}, pair: base },
    });
    expect(result).toMatchObject({
      kind: "invalid",
      issues: [
        {
          path: "pair",
          message: `run ${base} has no pairing key; set one on its page, or pass a pairing key instead of its id`,
        },
      ],
    });
    expect(await db().run.count()).toBe(before);
  });
});
