import { describe, expect, it } from "vitest";
import { buildProtocolTable } from "./protocol-table";
import { buildFixtureProtocolTable, PROTOCOL_RUNS } from "@/lib/testing/protocol-table-fixture";

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
