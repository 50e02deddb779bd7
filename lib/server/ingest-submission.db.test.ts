import path from "node:path";
import { describe, expect, it } from "vitest";
import { chunksOf } from "@/lib/testing/factories";
import { describeRealData } from "@/lib/testing/describe-real-data";
import { realDataFile } from "@/lib/testing/real-data";
import { tableCounts } from "@/lib/testing/table-counts";
import { readFolder, submissionOnly, tarGzFiles, withSubmission, zipFiles } from "@/lib/testing/submission-archive";
import type { RunSubmission } from "@/lib/contracts/run-submission";
import { ingestBundle, type IngestResult } from "./ingest-bundle";
import { listRuns } from "./list-runs";

type Stored = Extract<IngestResult, { kind: "stored" }>;

function stored(result: IngestResult): Stored {
  if (result.kind !== "stored") throw new Error(JSON.stringify(result).slice(0, 2000));
  return result;
}

async function upload(bytes: Buffer, fileName: string): Promise<Stored> {
  return stored(await ingestBundle({ chunks: chunksOf(bytes), fileName }));
}

/** The submission of each run the upload stored, by domain, as `GET /api/runs` lists it. */
async function submissionsOf(result: Stored): Promise<Record<string, RunSubmission & { trajectories: number }>> {
  const ids = new Set(result.runs.map((run) => run.id));
  const rows = (await listRuns()).filter((run) => ids.has(run.id));
  return Object.fromEntries(
    rows.map((run) => [
      run.submission?.domain ?? "?",
      { ...(run.submission as RunSubmission), trajectories: run.trajectories },
    ]),
  );
}

const SHARED = () => readFolder(realDataFile("tau2-submission", "gpt-oss-120b_openai_2025-11-26"));
const NONE = { pass_1: null, pass_2: null, pass_3: null, pass_4: null };

describeRealData("a tau2-bench leaderboard submission (the shared gpt-oss-120b one)", () => {
  it("airline recomputes pass^1 = 19/50 = 38.0, the claim: verified; retail and telecom are claimed only", async () => {
    const result = await upload(zipFiles(SHARED()), "gpt-oss-120b_openai_2025-11-26.zip");
    expect(result.format).toBe("tau2-submission");
    expect(result.runs).toHaveLength(3);
    expect(result.counts.trajectories).toBe(50);
    const byDomain = await submissionsOf(result);
    expect(byDomain.airline).toMatchObject({
      name: "gpt-oss-120b",
      organization: "Nori",
      modelOrganization: "OpenAI",
      date: "2025-11-26",
      state: "verified",
      claimed: { pass_1: 38, pass_2: null, pass_3: null, pass_4: null },
      recomputed: { pass_2: null, pass_3: null, pass_4: null },
      trajectories: 50,
      trajectoriesFile: "gpt-oss-120b_openai_2025-11-26/trajectories/langchain_agent_airline_2025-11-26_00-37-06.json",
    });
    expect(byDomain.airline?.recomputed.pass_1).toBeCloseTo(38, 9);
    expect(byDomain.airline?.methodology).toMatchObject({
      tau2_bench_version: "0.2.1-dev",
      verification: { modified_prompts: false, omitted_questions: false },
    });
    expect(byDomain.retail).toMatchObject({
      state: "claimed",
      claimed: { pass_1: 53.51 },
      recomputed: NONE,
      trajectories: 0,
    });
    expect(byDomain.telecom).toMatchObject({ state: "claimed", claimed: { pass_1: 44.74 }, recomputed: NONE });
  });

  it("a submission.json edited to claim 40.0 for airline differs (as a .tar.gz)", async () => {
    const edited = withSubmission(SHARED(), (submission) => ({
      ...submission,
      results: { airline: { pass_1: 40.0 } },
    }));
    const result = await upload(await tarGzFiles(edited), "edited.tar.gz");
    const byDomain = await submissionsOf(result);
    expect(Object.keys(byDomain)).toEqual(["airline"]);
    expect(byDomain.airline).toMatchObject({ state: "differs", claimed: { pass_1: 40 } });
    expect(byDomain.airline?.recomputed.pass_1).toBeCloseTo(38, 9);
  });

  it("a submission without trajectories is claimed, with no trajectory stored", async () => {
    const only = submissionOnly(
      withSubmission(SHARED(), (s) => ({ ...s, submitting_organization: "Nori (no trajectories)" })),
    );
    const before = await tableCounts();
    const result = await upload(zipFiles(only), "claims-only.zip");
    const byDomain = await submissionsOf(result);
    expect(Object.values(byDomain).map((row) => row.state)).toEqual(["claimed", "claimed", "claimed"]);
    expect(byDomain.airline).toMatchObject({ claimed: { pass_1: 38 }, recomputed: NONE, trajectories: 0 });
    expect((await tableCounts()).Trajectory).toBe(before.Trajectory);
  });
});

describe("a tau2-bench leaderboard submission (the trimmed fixture)", () => {
  const FIXTURE = () => readFolder(path.resolve("lib/testing/fixtures/tau2-submission"));

  it("recomputes pass^1 = 2/3 from 3 airline simulations: the claimed 66.67 is verified", async () => {
    const result = await upload(zipFiles(FIXTURE()), "fixture-submission.zip");
    const byDomain = await submissionsOf(result);
    expect(byDomain.airline).toMatchObject({ state: "verified", trajectories: 3, claimed: { pass_1: 66.67 } });
    expect(byDomain.airline?.recomputed.pass_1).toBeCloseTo(200 / 3, 9);
    expect(byDomain.airline?.methodology).toMatchObject({ verification: { omitted_questions: true } });
    expect(byDomain.airline?.references).toEqual([
      { title: "tau2-bench", url: "https://github.com/sierra-research/tau2-bench", type: "repository" },
    ]);
    expect(byDomain.retail).toMatchObject({ state: "claimed", recomputed: NONE });
    // The same archive again: every domain's bundle is a duplicate.
    const again = await upload(zipFiles(FIXTURE()), "fixture-submission.zip");
    expect(again.duplicate).toBe(true);
    expect(again.runs.map((run) => run.id).sort()).toEqual(result.runs.map((run) => run.id).sort());
  });

  it("re-importing the kept archive replaces the first domain's rows in place", async () => {
    const files = withSubmission(FIXTURE(), (s) => ({ ...s, submission_date: "2026-12-05" }));
    const first = await upload(zipFiles(files), "reimported.zip");
    const airline = first.runs[0] as { id: string; name: string };
    const externalId = "gpt-4o-2024-11-20-loopscope-fixtures-2026-12-05-airline";
    const again = await ingestBundle({
      chunks: chunksOf(zipFiles(files)),
      fileName: "reimported.zip",
      reimport: {
        bundleId: first.bundleId,
        runs: [
          {
            id: airline.id,
            externalId,
            name: airline.name,
            nameIsCustom: false,
            variant: "base",
            pairingKey: null,
            tags: {},
          },
        ],
      },
    });
    expect(stored(again).runs.map((run) => run.id)).toEqual([airline.id]);
    const byDomain = await submissionsOf(first);
    expect(byDomain.airline).toMatchObject({ state: "verified", trajectories: 3 });
  });

  it("submission.json uploaded alone gives claimed runs", async () => {
    const files = withSubmission(FIXTURE(), (s) => ({ ...s, submission_date: "2026-12-04" }));
    const json = Object.entries(files).find(([name]) => name.endsWith("submission.json"))?.[1] as Uint8Array;
    const result = await upload(Buffer.from(json), "submission.json");
    const byDomain = await submissionsOf(result);
    expect(byDomain.airline).toMatchObject({ state: "claimed", date: "2026-12-04", trajectories: 0 });
  });

  it("a bad claim is a located 422 and nothing is stored", async () => {
    const files = withSubmission(FIXTURE(), (s) => ({
      ...s,
      results: { airline: { pass_1: "38%" }, retail: { pass_1: 50 } },
    }));
    const before = await tableCounts();
    const result = await ingestBundle({ chunks: chunksOf(zipFiles(files)), fileName: "bad.zip" });
    expect(result.kind).toBe("invalid");
    if (result.kind === "invalid")
      expect(result.issues).toContainEqual({
        path: "submission.json:results.airline.pass_1",
        message: "expected a percentage between 0 and 100, or null",
      });
    expect(await tableCounts()).toEqual(before);
  });
});
