import { describe, expect, it } from "vitest";
import { countJudgeLabels } from "@/lib/db/judge-labels";
import { listStudyItemsWithJudge } from "@/lib/db/study-items";
import { makeDefaultRubric } from "@/lib/presenters/study-rubric";
import { chunksOf } from "@/lib/testing/factories";
import { makeJudgedBundle, makeStudyPeople } from "@/lib/testing/study-fixtures";
import { ingestBundle } from "../ingest-bundle";
import { createStudy } from "./create-study";
import { getStudyReport } from "./get-agreement";
import { importJudgeLabels } from "./import-judge-labels";
import { importLabels } from "./import-labels";

const C = "completed";
const AG = "not_completed_agent";
const US = "not_completed_user";
const OPTIONS = [C, AG, US];

async function makeStudy(size: number) {
  const people = await makeStudyPeople();
  const bundle = makeJudgedBundle(size);
  const result = await ingestBundle({ chunks: chunksOf(JSON.stringify(bundle)), fileName: "judges.json" });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  const { id } = await createStudy(people.admin, {
    name: "judge study",
    instructions: "",
    source: { runIds: [result.runs[0]?.id ?? ""], suiteId: null },
    sampleSize: size,
    sampling: { method: "random", by: null, seed: 5 },
    annotatorsPerItem: 2,
    annotatorIds: [people.ann.userId ?? "", people.ben.userId ?? ""],
    blind: true,
    rubric: makeDefaultRubric(),
  });
  const items = (await listStudyItemsWithJudge({ studyId: id })).sort((a, b) => a.position - b.position);
  return { people, id, itemIds: items.map((item) => item.id) };
}

function humanCsv(itemIds: string[], a: string[], b: string[]): string {
  const rows = itemIds.flatMap((id, i) => [
    `${id},Expert A,goal_completion,${a[i]}`,
    `${id},Expert B,goal_completion,${b[i]}`,
  ]);
  return ["item,annotator,dimension,label", ...rows].join("\n");
}

function judgeCsv(judge: string, version: string, itemIds: string[], labels: string[]): string {
  const rows = itemIds.map((id, i) => `${id},${judge},${version},goal_completion,${labels[i]},,0.8`);
  return ["item,judge,version,dimension,label,rationale,confidence", ...rows].join("\n");
}

/**
 * Cohen's kappa as scikit-learn's cohen_kappa_score computes it: a confusion matrix over the
 * union of labels, expected counts from the outer product of its marginals, kappa = 1 - sum(w*O)/sum(w*E).
 */
function sklearnCohenKappa(y1: string[], y2: string[]): number {
  const labels = [...new Set([...y1, ...y2])].sort();
  const k = labels.length;
  const confusion = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  y1.forEach((label, i) => {
    const row = confusion[labels.indexOf(label)];
    if (row) row[labels.indexOf(y2[i] ?? "")] = (row[labels.indexOf(y2[i] ?? "")] ?? 0) + 1;
  });
  const rowSums = confusion.map((row) => row.reduce((s, v) => s + v, 0));
  const colSums = labels.map((_, j) => confusion.reduce((s, row) => s + (row[j] ?? 0), 0));
  const total = rowSums.reduce((s, v) => s + v, 0);
  let observed = 0;
  let expected = 0;
  for (let i = 0; i < k; i += 1)
    for (let j = 0; j < k; j += 1) {
      const weight = i === j ? 0 : 1;
      observed += weight * (confusion[i]?.[j] ?? 0);
      expected += (weight * (rowSums[i] ?? 0) * (colSums[j] ?? 0)) / total;
    }
  return 1 - observed / expected;
}

/** 95% percentile interval (numpy's linear interpolation) of kappa over 10,000 item resamples; undefined ones dropped. */
function itemBootstrapInterval(y1: string[], y2: string[]): { low: number; high: number } {
  let state = 20261130;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 4294967296;
  };
  const values: number[] = [];
  for (let r = 0; r < 10_000; r += 1) {
    const picks = y1.map(() => Math.floor(next() * y1.length));
    const value = sklearnCohenKappa(
      picks.map((i) => y1[i] ?? ""),
      picks.map((i) => y2[i] ?? ""),
    );
    if (Number.isFinite(value)) values.push(value);
  }
  values.sort((x, y) => x - y);
  const at = (q: number) => {
    const position = q * (values.length - 1);
    const below = Math.floor(position);
    const lower = values[below] ?? Number.NaN;
    return lower + ((values[below + 1] ?? lower) - lower) * (position - below);
  };
  return { low: at(0.025), high: at(0.975) };
}

/** A deterministic pseudo-random label list (LCG), so the fixture is written in the test and not hand-tuned. */
function labelsFrom(seed: number, count: number, copy?: { of: string[]; keep: number }): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return Array.from({ length: count }, (_, i) => {
    const roll = next();
    if (copy && roll < copy.keep) return copy.of[i] ?? C;
    return OPTIONS[Math.floor(next() * 3)] ?? C;
  });
}

describe("judge verdict import and per-judge agreement", () => {
  it("two judges on six items: kappas hand-computed, intervals around them, judge vs judge", async () => {
    const { people, id, itemIds } = await makeStudy(6);
    const a = [C, C, C, AG, AG, US];
    const b = [C, C, AG, AG, AG, US];
    const first = [C, AG, AG, AG, C, US];
    const second = [C, C, AG, AG, AG, US];
    await importLabels(people.admin, id, humanCsv(itemIds, a, b));
    await importJudgeLabels(people.admin, id, judgeCsv("grader", "v1", itemIds, first), "v1.csv");
    await importJudgeLabels(people.admin, id, judgeCsv("grader", "v2", itemIds, second), "v2.csv");
    const { report } = await getStudyReport(people.admin, id);
    const goal = report.dimensions.find((d) => d.key === "goal_completion");
    const v1 = goal?.judges.find((j) => j.name === "grader v1");
    const v2 = goal?.judges.find((j) => j.name === "grader v2");
    if (!v1 || !v2) throw new Error("both judges are in the report");
    // v1 vs A: agree on items 1, 4, 6 -> 3/6. v1 c2 ag3 us1, A c3 ag2 us1: p_e = 13/36; kappa = (18 - 13)/(36 - 13) = 5/23.
    const v1VsA = v1.vsAnnotators.find((c) => c.against === "Expert A");
    expect(v1VsA?.percent.estimate).toBeCloseTo(0.5, 12);
    expect(v1VsA?.kappa.estimate).toBeCloseTo(5 / 23, 12);
    // Majority of A and B: c c (tie) ag ag us; item 3 dropped. v1 c ag . ag c us: agree 1, 4, 6 -> 3/5; p_e 9/25 -> 6/16.
    expect(v1.vsMajority.n).toBe(5);
    expect(v1.vsMajority.kappa.estimate).toBeCloseTo(0.375, 12);
    // v2 equals B: kappa 1 against B; against the majority it agrees on all 5 items -> kappa 1.
    expect(v2.vsAnnotators.find((c) => c.against === "Expert B")?.kappa.estimate).toBeCloseTo(1, 12);
    expect(v2.vsMajority.percent.estimate).toBeCloseTo(1, 12);
    // Three-way (seed 003, Table 3): v1 + A + B agree on items 1, 4, 6 -> 3/6; v2 on 1, 2, 4, 5, 6 -> 5/6.
    expect(v1.threeWay).toEqual({ value: 0.5, n: 6 });
    expect(v2.threeWay.value).toBeCloseTo(5 / 6, 12);
    // v1 vs v2 equals v1 vs B: 4/6, kappa 5/11.
    const pair = goal?.judgePairs.find((p) => p.judge === "grader v1" && p.against === "grader v2");
    expect(pair?.percent.estimate).toBeCloseTo(4 / 6, 12);
    expect(pair?.kappa.estimate).toBeCloseTo(5 / 11, 12);
    for (const estimate of [v1VsA?.kappa, v1.vsMajority.kappa, pair?.kappa]) {
      expect(estimate?.low ?? 2).toBeLessThanOrEqual(estimate?.estimate ?? -2);
      expect(estimate?.high ?? -2).toBeGreaterThanOrEqual(estimate?.estimate ?? 2);
    }
    // The bundle judge (verdicts that came with the upload) is reported beside the imported ones.
    expect(goal?.judges.map((j) => j.name)).toEqual(["bundle judge", "grader v1", "grader v2"]);
  });

  it("a larger fixture: each judge's kappa equals a scikit-learn-equivalent computation, its interval an item bootstrap", async () => {
    const size = 60;
    const { people, id, itemIds } = await makeStudy(size);
    const a = labelsFrom(11, size);
    const b = labelsFrom(12, size, { of: a, keep: 0.7 });
    const close = labelsFrom(13, size, { of: a, keep: 0.8 });
    const loose = labelsFrom(14, size, { of: b, keep: 0.4 });
    await importLabels(people.admin, id, humanCsv(itemIds, a, b));
    const jsonl = [
      ...itemIds.map((item, i) =>
        JSON.stringify({ item, judge: "close", version: "1", dimension: "goal_completion", label: close[i] }),
      ),
      ...itemIds.map((item, i) =>
        JSON.stringify({ item, judge: "loose", version: "1", dimension: "goal_completion", label: loose[i] }),
      ),
    ].join("\n");
    const result = await importJudgeLabels(people.admin, id, jsonl, "both.jsonl");
    expect(result.imported).toBe(2 * size);
    const { report } = await getStudyReport(people.admin, id);
    const goal = report.dimensions.find((d) => d.key === "goal_completion");
    for (const [name, labels] of [
      ["close 1", close],
      ["loose 1", loose],
    ] as const) {
      const judge = goal?.judges.find((j) => j.name === name);
      expect(judge?.vsAnnotators.find((c) => c.against === "Expert A")?.kappa.estimate).toBeCloseTo(
        sklearnCohenKappa(labels, a),
        12,
      );
      expect(judge?.vsAnnotators.find((c) => c.against === "Expert B")?.kappa.estimate).toBeCloseTo(
        sklearnCohenKappa(labels, b),
        12,
      );
    }
    // The report's kappa interval against an item bootstrap written here: 10,000 resamples of the 60 items (an LCG,
    // not the report's generator), sklearn's kappa, numpy's linear percentiles. Monte Carlo error is about 0.005.
    for (const [name, labels] of [
      ["close 1", close],
      ["loose 1", loose],
    ] as const) {
      const reference = itemBootstrapInterval(labels, a);
      const interval = goal?.judges.find((j) => j.name === name)?.vsAnnotators.find((c) => c.against === "Expert A");
      expect(Math.abs((interval?.kappa.low ?? 9) - reference.low)).toBeLessThan(0.03);
      expect(Math.abs((interval?.kappa.high ?? 9) - reference.high)).toBeLessThan(0.03);
    }
    const pair = goal?.judgePairs[goal.judgePairs.length - 1];
    expect(pair?.kappa.estimate).toBeCloseTo(sklearnCohenKappa(close, loose), 12);
    // Sanity of the reference itself: identical raters give 1.
    expect(sklearnCohenKappa(a, a)).toBeCloseTo(1, 12);
  });

  it("a file with one bad row is refused with line, column and value and writes nothing; a repeat is a duplicate", async () => {
    const { people, id, itemIds } = await makeStudy(3);
    const labels = [C, AG, US];
    const bad = judgeCsv("grader", "v1", itemIds, labels).replace(
      `${itemIds[1]},grader,v1,goal_completion,${AG}`,
      `${itemIds[1]},grader,v1,goal_completion,maybe`,
    );
    await expect(importJudgeLabels(people.admin, id, bad, "bad.csv")).rejects.toMatchObject({
      code: "unprocessable",
      details: { totalIssues: 1, issues: [{ line: 3, column: "label", value: "maybe" }] },
    });
    expect(await countJudgeLabels({ studyId: id })).toBe(0);
    const good = judgeCsv("grader", "v1", itemIds, labels);
    await expect(importJudgeLabels(people.admin, id, good, "good.csv")).resolves.toMatchObject({ imported: 3 });
    await expect(importJudgeLabels(people.admin, id, good, "again.csv")).rejects.toMatchObject({
      code: "conflict",
      details: { duplicate: true },
    });
    const sameJudge = judgeCsv("grader", "v1", itemIds, [US, US, US]);
    await expect(importJudgeLabels(people.admin, id, sameJudge, "other.csv")).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("grader v1 was already imported"),
    });
    expect(await countJudgeLabels({ studyId: id })).toBe(3);
  });
});
