import { beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ADMIN_ANNOTATOR } from "@/lib/contracts/local-annotator";
import { db } from "@/lib/db/client";
import { deleteRunCascade } from "@/lib/db/delete-run";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { chunksOf, uniqueId } from "@/lib/testing/factories";
import { actorOf, makeStudyPeople } from "@/lib/testing/study-fixtures";
import { makeTau2Results } from "@/lib/testing/tau2-results";
import { LOCAL_ACTOR, type Actor } from "../auth/roles";
import { verifyPassword } from "../auth/passwords";
import { ingestBundle } from "../ingest-bundle";
import { getAnnotatorQueue, saveLabels } from "./annotate";
import { createStudy } from "./create-study";
import { getStudyReport } from "./get-agreement";
import type { NewStudyInput } from "./study-schemas";
import { judgeReviewEntry } from "@/lib/testing/judge-review-entries";

const REVIEW_JUDGE = "customer_outcome_v1 azure/gpt-4o";

async function upload(document: unknown, fileName: string) {
  const result = await ingestBundle({ chunks: chunksOf(JSON.stringify(document)), fileName });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result).slice(0, 2000));
  return result;
}

/**
 * Four tau2 simulations (tasks 1 and 3 succeed) carrying every kind of judge: NL assertions on the first two (all met;
 * one unmet), a review on the last two (a critical agent error; none), and an uploaded judge review on all four
 * (pass, pass, fail, and "satisfactory", which tau2's rule does not compare).
 */
async function runWithEveryJudge() {
  const prefix = uniqueId("one-step");
  const results = makeTau2Results({ taskIds: [1, 2, 3, 4].map((n) => `${prefix}-${n}`) });
  const [a, b, c, d] = results.simulations;
  if (!a || !b || !c || !d) throw new Error("four simulations");
  const nl = (met: boolean[]) =>
    met.map((value, index) => ({ nl_assertion: `assertion ${index}`, met: value, justification: "read the reply" }));
  (a.reward_info as Record<string, unknown>).nl_assertions = nl([true, true]);
  (b.reward_info as Record<string, unknown>).nl_assertions = nl([true, false]);
  c.review = {
    summary: "the agent refunded without checking",
    has_errors: true,
    errors: [{ source: "agent", error_type: "policy", severity: "critical", turn_idx: 1, reasoning: "no check" }],
  };
  d.review = { summary: "clean", has_errors: false, errors: [] };
  const run = (await upload(results, `${prefix}.json`)).runs[0];
  const ids = results.simulations.map((simulation) => simulation.id);
  await upload(
    {
      total_judged: 4,
      agree_count: 0,
      disagree_count: 0,
      total_cost_usd: 2,
      entries: ids.map((id, index) => judgeReviewEntry(id, ["pass", "pass", "fail", "satisfactory"][index] ?? "")),
    },
    `${prefix}.summary_customer_outcome_v1.json`,
  );
  return run?.id ?? "";
}

let people: { admin: Actor; ann: Actor; ben: Actor };

beforeAll(async () => {
  people = await makeStudyPeople();
});

function oneStepInput(runId: string, overrides: Partial<NewStudyInput> = {}): NewStudyInput {
  return {
    name: "humans vs judges",
    instructions: "",
    source: { runIds: [runId], suiteId: null },
    sampleSize: 4,
    sampling: { method: "stratified", by: "outcome", seed: 1 },
    annotatorsPerItem: 2,
    annotatorIds: [],
    blind: true,
    rubric: makeDefaultRubric(),
    ...overrides,
  };
}

/** Labels every item of the actor's queue: goal completion as given per task suffix, no hallucinations. */
async function labelAll(actor: Actor, studyId: string, goal: (reference: string) => string) {
  const queue = await getAnnotatorQueue(actor, studyId);
  const items = await db().studyItem.findMany({ where: { studyId }, select: { id: true, taskExternalId: true } });
  const task = new Map(items.map((item) => [item.id, item.taskExternalId]));
  for (const entry of queue.entries)
    await saveLabels(actor, studyId, entry.item.id, {
      labels: [
        { dimension: "goal_completion", value: goal(task.get(entry.item.id) ?? ""), expectedVersion: 0 },
        { dimension: "tool_hallucination", value: "no", expectedVersion: 0 },
        { dimension: "user_hallucination", value: "no", expectedVersion: 0 },
      ],
    });
}

describe("a study in one step", () => {
  it("creates its annotators inline, shows each password once, and reports every judge and the outcome", async () => {
    const runId = await runWithEveryJudge();
    const names = [uniqueId("Ada"), uniqueId("Bo")];
    const created = await createStudy(
      people.admin,
      oneStepInput(runId, {
        newAnnotators: names.map((name) => ({ name, email: `${name.toLowerCase()}@annotators.invalid` })),
      }),
    );
    expect(created.items).toBe(4);
    expect(created.accounts.map((account) => account.name)).toEqual(names);
    const users = await db().user.findMany({
      where: { email: { in: created.accounts.map((account) => account.email) } },
      select: { id: true, name: true, email: true, role: true, passwordHash: true },
      orderBy: { name: "asc" },
    });
    expect(users.map((user) => user.role)).toEqual(["annotator", "annotator"]);
    for (const account of created.accounts) {
      const user = users.find((candidate) => candidate.email === account.email);
      expect(await verifyPassword(account.password, user?.passwordHash ?? "")).toBe(true);
      // Only the hash is stored.
      expect(user?.passwordHash).not.toContain(account.password);
    }
    const [ada, bo] = users.map((user) => actorOf({ userId: user.id }, "annotator", user.name));
    if (!ada || !bo) throw new Error("two annotators");
    // Ada reads every task as completed; Bo says tasks 2 and 4 failed (the benchmark's own outcome).
    await labelAll(ada, created.id, () => "completed");
    await labelAll(bo, created.id, (task) => (/-[24]$/.test(task) ? "not_completed_agent" : "completed"));

    const { report } = await getStudyReport(people.admin, created.id);
    const passFail = report.dimensions.find((d) => d.key === "pass_fail");
    expect(passFail?.label).toBe("Goal completed (pass / fail)");
    // Every judge of the sample, the benchmark's outcome last.
    expect(passFail?.judges.map((judge) => judge.name)).toEqual([
      REVIEW_JUDGE,
      "tau2 NL assertions",
      "tau2 review",
      "benchmark outcome",
    ]);
    const judgeOf = (name: string) => passFail?.judges.find((judge) => judge.name === name);
    // The review judge compared on 3 items (the "satisfactory" verdict is not), NL assertions on 2, review on 2.
    expect(judgeOf(REVIEW_JUDGE)?.vsAnnotators.map((c) => c.n)).toEqual([3, 3]);
    expect(judgeOf("tau2 NL assertions")?.vsAnnotators.map((c) => c.n)).toEqual([2, 2]);
    expect(judgeOf("tau2 review")?.vsAnnotators.map((c) => c.n)).toEqual([2, 2]);
    // Bo labelled exactly the benchmark's outcome: full agreement with it.
    const outcomeVsBo = judgeOf("benchmark outcome")?.vsAnnotators.find((c) => c.against === bo.name);
    expect(outcomeVsBo).toMatchObject({ n: 4, percent: { estimate: 1 } });
    expect(passFail?.judgePairs.map((pair) => `${pair.judge} | ${pair.against}`)).toContain(
      `${REVIEW_JUDGE} | benchmark outcome`,
    );

    // Humans disagree on tasks 2 and 4; on task 3 they agree (pass) against the review judges' fail. Each row names
    // every judge's verdict, null ("n/a") only where a judge gave none.
    const rows = report.disagreements.filter((row) => row.dimension === "pass_fail");
    const taskOf = (reference: string) => /-(\d)\/\d+$/.exec(reference)?.[1];
    expect(rows.map((row) => [taskOf(row.reference), row.reason]).sort()).toEqual([
      ["2", "humans disagree"],
      ["3", "judge differs from humans"],
      ["4", "humans disagree"],
    ]);
    const taskTwo = rows.find((row) => taskOf(row.reference) === "2");
    expect(taskTwo?.judges).toEqual([
      { name: REVIEW_JUDGE, value: "pass" },
      { name: "tau2 NL assertions", value: "fail" },
      { name: "tau2 review", value: null },
      { name: "benchmark outcome", value: "fail" },
    ]);
    const taskFour = rows.find((row) => taskOf(row.reference) === "4");
    // "satisfactory" is not compared by tau2's rule: no pass / fail verdict from the review judge there.
    expect(taskFour?.judges).toEqual([
      { name: REVIEW_JUDGE, value: null },
      { name: "tau2 NL assertions", value: null },
      { name: "tau2 review", value: "pass" },
      { name: "benchmark outcome", value: "fail" },
    ]);
  });

  it("refuses a taken email with nothing written, and needs two annotators in a sentence that says why", async () => {
    const runId = await runWithEveryJudge();
    const before = await Promise.all([db().study.count(), db().user.count()]);
    const taken = await db().user.findFirstOrThrow({ where: { id: people.ann.userId ?? "" }, select: { email: true } });
    await expect(
      createStudy(
        people.admin,
        oneStepInput(runId, {
          newAnnotators: [
            { name: "Fresh", email: `${uniqueId("fresh")}@annotators.invalid` },
            { name: "Taken", email: taken.email },
          ],
        }),
      ),
    ).rejects.toThrow(/exists/);
    expect(await Promise.all([db().study.count(), db().user.count()])).toEqual(before);
    await expect(
      createStudy(people.admin, oneStepInput(runId, { annotatorIds: [people.ann.userId ?? ""] })),
    ).rejects.toThrow(/at least two annotators: only the agreement between two people \(inter-annotator agreement\)/);
  });

  it("lets the local admin of an open installation annotate beside an inline annotator", async () => {
    const runId = await runWithEveryJudge();
    const created = await createStudy(
      LOCAL_ACTOR,
      oneStepInput(runId, {
        annotatorIds: [LOCAL_ADMIN_ANNOTATOR.id],
        newAnnotators: [{ name: "Cy", email: `${uniqueId("cy")}@annotators.invalid` }],
      }),
    );
    await labelAll(LOCAL_ACTOR, created.id, () => "completed");
    const { report } = await getStudyReport(LOCAL_ACTOR, created.id);
    expect(report.progress.find((p) => p.name === LOCAL_ADMIN_ANNOTATOR.name)).toMatchObject({ assigned: 4, done: 4 });
    // The frozen verdicts outlive the run, like the items and their labels.
    const judgesBefore = report.dimensions.find((d) => d.key === "pass_fail")?.judges.map((judge) => judge.name);
    expect(judgesBefore).toHaveLength(4);
    await deleteRunCascade({ runId });
    const after = await getStudyReport(LOCAL_ACTOR, created.id);
    expect(after.report.deletedItems).toBe(4);
    expect(after.report.dimensions.find((d) => d.key === "pass_fail")?.judges.map((judge) => judge.name)).toEqual(
      judgesBefore,
    );
  });
});
