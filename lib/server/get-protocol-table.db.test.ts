import { describe, expect, it } from "vitest";
import { chunksOf } from "@/lib/testing/factories";
import { KNOWN_ROWS, makeKnownValuesBundle } from "@/e2e/fixtures/known-values-bundle";
import { readMetricsCaches } from "@/lib/db/leaderboard";
import { GET } from "@/app/api/suites/[id]/protocol/route";
import { ingestBundle } from "./ingest-bundle";
import { getLeaderboardPage, getManyRunMetrics } from "./get-leaderboard";
import { parseLeaderboardQuery } from "@/lib/presenters/leaderboard-query";
import { getProtocolTable } from "./get-protocol-table";

async function ingestKnownValues(): Promise<{ runIds: string[]; suiteId: string }> {
  const result = await ingestBundle({
    chunks: chunksOf(JSON.stringify(makeKnownValuesBundle())),
    fileName: "known.json",
  });
  if (result.kind !== "stored") throw new Error(JSON.stringify(result));
  const runIds = result.runs.map((run) => run.id);
  const [first] = await readMetricsCaches({ runIds });
  if (!first) throw new Error("runs not stored");
  return { runIds, suiteId: first.suiteId };
}

describe("leaderboard and protocol table from the database", () => {
  it("computes missing metric caches once, then reads them all in one query", async () => {
    const { runIds } = await ingestKnownValues();
    expect((await readMetricsCaches({ runIds })).every((row) => row.metrics === null)).toBe(true);
    const first = await getManyRunMetrics(runIds);
    expect([...first.keys()].sort()).toEqual([...runIds].sort());
    const cached = await readMetricsCaches({ runIds });
    expect(cached.every((row) => row.metrics !== null)).toBe(true);
    const second = await getManyRunMetrics(runIds);
    // The second call reads the stored caches as they are (jsonb may round the last float digit).
    expect(second.get(runIds[0] ?? "")?.metrics).toEqual(cached.find((row) => row.runId === runIds[0])?.metrics);
    const board = await getLeaderboardPage(parseLeaderboardQuery({ minTasks: "0", suite: cached[0]?.suiteId ?? "" }));
    expect(board.entries.filter((entry) => runIds.includes(entry.run.id))).toHaveLength(3);
  });

  it("builds the protocol table of a suite with the hand-computed figures", async () => {
    const { suiteId } = await ingestKnownValues();
    const table = await getProtocolTable(suiteId);
    if (!table) throw new Error("no table");
    expect(table.groups.map((g) => [g.label, g.columns.map((c) => c.label)])).toEqual([
      ["gemma3-4b", ["base"]],
      ["qwen3-4b", ["base", "sft"]],
    ]);
    expect(Object.fromEntries(table.rows.map((row) => [row.metric, row.cells]))).toEqual(KNOWN_ROWS);
  });

  it("serves the exports as downloads and 404s an unknown suite", async () => {
    const { suiteId } = await ingestKnownValues();
    const call = (id: string, format: string) =>
      GET(new Request(`http://test/api/suites/${id}/protocol?format=${format}`), { params: Promise.resolve({ id }) });
    const csv = await call(suiteId, "csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="lb-suite-.*-1-protocol\.csv"$/);
    // CSV carries raw fractions; an undefined value is an empty cell.
    expect(await csv.text()).toContain("Text similarity,ROUGE-1,Deterministic,,0.555556,1\r\n");
    expect((await call(suiteId, "md")).headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(await (await call(suiteId, "tex")).text()).toContain(
      "Strict tool check & Argument F1 & Deterministic & n/a & 75.0\\% & 100.0\\% \\\\",
    );
    expect((await call(suiteId, "xls")).status).toBe(400);
    expect((await call("no-such-suite", "csv")).status).toBe(404);
    expect(await getProtocolTable("no-such-suite")).toBeNull();
  });
});
