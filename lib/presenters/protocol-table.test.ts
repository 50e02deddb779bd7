import { describe, expect, it } from "vitest";
import { buildProtocolTable, protocolExportTable, splitProtocolRows } from "./protocol-table";
import { BUNDLE_FORMAT_HREF } from "./missing-data";
import { buildFixtureProtocolTable, PROTOCOL_RUNS } from "@/lib/testing/protocol-table-fixture";
import { makeRunMetrics } from "@/lib/testing/leaderboard-fixtures";

describe("buildProtocolTable", () => {
  const table = buildFixtureProtocolTable();

  it("puts runs of one pairing key side by side, base first, groups ordered by family then size", () => {
    expect(table.groups.map((g) => ({ label: g.label, columns: g.columns.map((c) => c.label) }))).toEqual([
      { label: "gemma_3-4b, it", columns: ["sft"] },
      { label: "qwen3-4b", columns: ["base", "sft"] },
    ]);
    expect(table.columns.map((c) => c.runId)).toEqual(["r-gemma", "r-base", "r-sft"]);
  });

  it("has Table 1's rows grouped by level with their scoring method, then state-based rows up to the largest k", () => {
    expect(table.rows.map((r) => [r.level, r.metric, r.scoring])).toEqual([
      ["Text similarity", "ROUGE-1", "Deterministic"],
      ["Gold-history turn", "All-turn success", "LLM judge"],
      ["Gold-history turn", "Text-turn success", "LLM judge"],
      ["Gold-history turn", "Tool-turn success", "LLM judge"],
      ["Strict tool check", "Exact call accuracy", "Deterministic"],
      ["Strict tool check", "Argument F1", "Deterministic"],
      ["Closed-loop replay", "Tool-workflow completion", "Deterministic"],
      ["Holistic judge", "Holistic success", "LLM judge"],
      ["State-based", "Success rate", "Deterministic"],
      ["State-based", "pass^1", "Deterministic"],
      ["State-based", "pass^2", "Deterministic"],
    ]);
  });

  it("shows the seed's numbers as percentages with one decimal, counts as n/N and n/a where undefined", () => {
    const cells = Object.fromEntries(table.rows.map((r) => [r.metric, r.cells]));
    expect(cells["ROUGE-1"]).toEqual(["46.9%", "30.6%", "49.8%"]);
    expect(cells["Exact call accuracy"]).toEqual(["0.0%", "3.6%", "13.9%"]);
    expect(cells["Tool-workflow completion"]).toEqual(["0/77", "0/77", "3/77"]);
    expect(cells["Holistic success"]).toEqual(["n/a", "0/77", "0/77"]);
    expect(cells["pass^2"]).toEqual(["n/a", "0.0%", "50.0%"]);
  });

  it("names a repeated variant within a pairing by its run", () => {
    const [first] = PROTOCOL_RUNS;
    if (!first) throw new Error("fixture");
    const again = { ...first, id: "r-sft-2", name: "second sft" };
    const t = buildProtocolTable({ id: "s", name: "s" }, [first, again]);
    expect(t.columns.map((c) => c.label)).toEqual(["sft (qwen sft run)", "sft (second sft)"]);
  });

  it("is empty but well-formed for a suite without runs", () => {
    const t = buildProtocolTable({ id: "s", name: "s" }, []);
    expect(t.columns).toEqual([]);
    expect(t.rows).toHaveLength(9);
  });
});

describe("splitProtocolRows", () => {
  // Two tau2 runs: outcomes only, no turn predictions and no judge labels.
  const tau2Run = (id: string, successes: number) => ({
    id,
    name: id,
    model: "gpt-4o",
    family: null,
    size: null,
    variant: "base",
    pairingKey: null,
    metrics: makeRunMetrics({
      successRate: { value: successes / 20, se: 0.1, low: 0.4, high: 0.9, effectiveN: 20, n: 20, successes },
      passHatK: { 1: successes / 20 },
    }),
  });
  const table = buildProtocolTable({ id: "s", name: "telecom" }, [tau2Run("a", 14), tau2Run("b", 12)]);

  it("collapses the families no run of the suite has data for into one line each, naming their metrics", () => {
    const { rows, missing } = splitProtocolRows(table);
    expect(rows.map((r) => r.metric)).toEqual(["Tool-workflow completion", "Success rate", "pass^1"]);
    expect(missing.map((m) => [m.source, m.title, m.metrics])).toEqual([
      [
        "turnPredictions",
        "Text similarity, Gold-history turn, Strict tool check",
        ["ROUGE-1", "All-turn success", "Text-turn success", "Tool-turn success", "Exact call accuracy", "Argument F1"],
      ],
      ["judgeLabels", "Holistic judge", ["Holistic success"]],
    ]);
    expect(missing.every((m) => m.docHref === BUNDLE_FORMAT_HREF)).toBe(true);
  });

  it("keeps a family's rows when one run of the suite has data for it, with n/a for the others", () => {
    const { rows, missing } = splitProtocolRows(buildFixtureProtocolTable());
    expect(rows).toHaveLength(11);
    expect(missing).toEqual([]);
    expect(rows.find((r) => r.key === "holisticSuccess")?.cells).toEqual(["n/a", "0/77", "0/77"]);
  });

  it("leaves the exports whole: every row, n/a included", () => {
    expect(protocolExportTable(table).rows).toHaveLength(table.rows.length);
  });
});
