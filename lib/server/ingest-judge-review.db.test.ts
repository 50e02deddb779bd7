import { createReadStream, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chunksOf, uniqueId } from "@/lib/testing/factories";
import { makeTau2Results } from "@/lib/testing/tau2-results";
import { tableCounts } from "@/lib/testing/table-counts";
import { REAL_DATA_DIR, REAL_DATA_SKIP_REASON, realDataFile } from "@/lib/testing/real-data";
import { ingestBundle, type IngestResult } from "./ingest-bundle";
import { getRunJudges } from "./get-run-judges";
import { judgeReviewEntry } from "@/lib/testing/judge-review-entries";

type Stored = Extract<IngestResult, { kind: "stored" }>;

function stored(result: IngestResult): Stored {
  if (result.kind !== "stored") throw new Error(JSON.stringify(result).slice(0, 2000));
  return result;
}

async function upload(document: unknown, fileName: string, labels?: Record<string, "pass" | "fail">) {
  return ingestBundle({
    chunks: chunksOf(JSON.stringify(document)),
    fileName,
    ...(labels ? { options: { tags: {}, judgeLabels: labels } } : {}),
  });
}

function review(entries: Record<string, unknown>[]) {
  return { total_judged: entries.length, agree_count: 0, disagree_count: 0, total_cost_usd: 1, entries };
}

/** A fresh tau2 run of four simulations (tasks 1 and 3 succeed) with ids no other test uses. */
async function freshRun() {
  const prefix = uniqueId("jr");
  const results = makeTau2Results({
    taskIds: [1, 2, 3, 4].map((n) => `${prefix}-${n}`),
    succeeding: (index) => index % 2 === 0,
  });
  const run = stored(await upload(results, `${prefix}.json`));
  return { runId: run.runs[0]?.id ?? "", ids: results.simulations.map((simulation) => simulation.id) };
}

describe("tau2-bench judge reviews", () => {
  it("applies tau2's label rule by default and lists verdicts, matches and what was not compared", async () => {
    const { runId, ids } = await freshRun();
    const [a = "", b = "", c = "", d = ""] = ids;
    const result = stored(
      await upload(
        review([
          judgeReviewEntry(a, "pass"),
          judgeReviewEntry(b, "satisfied"),
          judgeReviewEntry(c, "fail"),
          judgeReviewEntry(d, "satisfactory"),
          judgeReviewEntry("zz", "pass"),
        ]),
        "summary_customer_outcome_v1.json",
      ),
    );
    expect(result).toMatchObject({ duplicate: false, format: "tau2-judge-review", counts: { judgeLabels: 4 } });
    expect(result.runs.map((run) => run.id)).toEqual([runId]);
    expect(result.judgeReview).toEqual({
      judges: [
        {
          name: "customer_outcome_v1",
          model: "azure/gpt-4o",
          entries: 5,
          attached: 4,
          labels: { pass: 2, satisfied: 1, fail: 1, satisfactory: 1 },
          notCompared: ["satisfactory"],
        },
      ],
      unmatchedSimulationIds: ["zz"],
    });
    const judges = await getRunJudges(runId);
    const judge = judges.judges.find((j) => j.name === "customer_outcome_v1");
    // Outcomes: a success, b failure, c success, d failure. Verdicts: pass, pass, fail, (not compared).
    expect(judge).toMatchObject({
      n: 4,
      notCompared: 1,
      costUsd: 2,
      vsOutcome: {
        compared: 3,
        agree: 1,
        confusion: { passSuccess: 1, passFailure: 1, failSuccess: 1, failFailure: 0 },
      },
    });
    expect(judges.disagreements.map((row) => [row.verdict, row.judgePass, row.benchmarkSuccess])).toEqual([
      ["satisfied", true, false],
      ["fail", false, true],
    ]);
  });

  it("reads verdicts through a mapping given at upload", async () => {
    const { runId, ids } = await freshRun();
    const [a = "", b = ""] = ids;
    const extra = { judge_prompt_name: "policy_conversation_v1" };
    stored(
      await upload(
        review([judgeReviewEntry(a, "satisfactory", extra), judgeReviewEntry(b, "failure", extra)]),
        "mapped.json",
        {
          satisfactory: "pass",
          failure: "fail",
        },
      ),
    );
    const judge = (await getRunJudges(runId)).judges.find((j) => j.name === "policy_conversation_v1");
    // a succeeded (satisfactory = pass: agree), b failed (failure = fail: agree).
    expect(judge?.vsOutcome).toMatchObject({ compared: 2, agree: 2, rate: 1 });
    expect(judge?.notCompared).toBe(0);
  });

  it("refuses a review none of whose simulations is stored, naming them, and writes nothing", async () => {
    const before = await tableCounts();
    const missing = uniqueId("missing");
    const result = await upload(review([judgeReviewEntry(missing, "pass")]), "nothing.json");
    expect(result.kind).toBe("invalid");
    if (result.kind !== "invalid") return;
    expect(result.issues[0]).toEqual({
      path: "entries[].simulation_id",
      message: `no stored trajectory has simulation id ${missing}`,
    });
    expect(await tableCounts()).toEqual(before);
  });

  it("reports a second upload of the same review as a duplicate and stores nothing more", async () => {
    const { runId, ids } = await freshRun();
    const document = review([judgeReviewEntry(ids[0] ?? "", "pass", { judge_prompt_name: "dup_v1" })]);
    const first = stored(await upload(document, "dup.json"));
    const before = await tableCounts();
    const second = stored(await upload(document, "dup-again.json"));
    expect(second).toMatchObject({ duplicate: true, bundleId: first.bundleId, runs: [{ id: runId }] });
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses an entry without a simulation id at its path", async () => {
    const result = await upload(review([{ ...judgeReviewEntry("x", "pass"), simulation_id: null }]), "bad.json");
    expect(result).toMatchObject({
      kind: "invalid",
      issues: [{ path: "entries[0].simulation_id", message: "an entry needs a simulation_id" }],
    });
  });
});

const REVIEW = "airline-multi-judge-full.json.summary_quick_triage_v1.json";

it.skipIf(!REAL_DATA_DIR)(
  REAL_DATA_DIR
    ? "reproduces the shared quick-triage review's agree_count and kappa"
    : `reproduces the shared quick-triage review's agree_count and kappa (skipped: ${REAL_DATA_SKIP_REASON})`,
  async () => {
    // Either upload may be a duplicate of an earlier run of this test: the figures are the same.
    const results = stored(
      await ingestBundle({
        chunks: createReadStream(realDataFile("tau2-judges", "azure-airline-full.json")),
        fileName: "azure-airline-full.json",
      }),
    );
    const runId = results.runs[0]?.id ?? "";
    const judged = stored(
      await ingestBundle({ chunks: createReadStream(realDataFile("tau2-judges", REVIEW)), fileName: REVIEW }),
    );
    expect(judged.runs.map((run) => run.id)).toContain(runId);
    const file = JSON.parse(readFileSync(realDataFile("tau2-judges", REVIEW), "utf8")) as {
      agree_count: number;
      entries: { agreement: boolean | null }[];
    };
    const judge = (await getRunJudges(runId)).judges.find((j) => j.name === "quick_triage_v1");
    expect(judge?.model).toBe("azure/gpt-4o-2024-11-20");
    expect(judge?.n).toBe(50);
    expect(judge?.labels).toEqual({ pass: 46, fail: 4 });
    expect(judge?.vsOutcome.agree).toBe(file.agree_count);
    expect(judge?.vsOutcome.compared).toBe(file.entries.filter((e) => e.agreement !== null).length);
    expect(judge?.vsOutcome.agree).toBe(25);
    expect(judge?.vsOutcome.compared).toBe(50);
    // By hand: pass/success 22, pass/failure 24, fail/success 1, fail/failure 3 (46 pass, 23 successes of 50).
    // po = 25/50 = 0.5; pe = 0.92 * 0.46 + 0.08 * 0.54 = 0.4664; kappa = (0.5 - 0.4664) / (1 - 0.4664).
    expect(judge?.vsOutcome.confusion).toEqual({ passSuccess: 22, passFailure: 24, failSuccess: 1, failFailure: 3 });
    expect(judge?.vsOutcome.kappa).toBeCloseTo(0.0336 / 0.5336, 10);
    expect(judge?.vsOutcome.kappa).toBeCloseTo(0.0629685157, 9);
    expect(judge?.costUsd).toBeCloseTo(0.427911, 6);
  },
);
