import { describe, expect, it } from "vitest";
import { makeEntry } from "@/lib/testing/leaderboard-fixtures";
import { buildLeaderboardMatrix } from "./leaderboard-matrix";

const rate = (successes: number, n: number, low: number, high: number) => ({
  successRate: { value: successes / n, successes, n, low, high, se: null, effectiveN: null },
});

describe("buildLeaderboardMatrix", () => {
  it("puts one row per model and variant and one column per suite and setting, never ranking suites together", () => {
    const matrix = buildLeaderboardMatrix([
      // Listed by success across suites, as the flat list ranked them: the grid must not keep that order.
      makeEntry(
        { id: "g-air", model: "gpt-4o", suite: "tau2/airline", minTrials: 4, maxTrials: 4 },
        { ...rate(8, 20, 0.2, 0.62), passHatK: { 4: 0.2 } },
        "air",
      ),
      makeEntry(
        { id: "a-air", model: "claude", suite: "tau2/airline", minTrials: 1, maxTrials: 1 },
        rate(13, 20, 0.4, 0.8),
        "air",
      ),
      makeEntry(
        { id: "g-tel", model: "gpt-4o", suite: "tau2/telecom", setting: { key: "user=no-user", label: "no-user" } },
        rate(4, 5, 0.38, 0.96),
        "tel",
      ),
      makeEntry(
        { id: "g-air-sft", model: "gpt-4o", variant: "sft", suite: "tau2/airline" },
        rate(1, 2, 0.1, 0.9),
        "air",
      ),
    ]);
    expect(matrix.columns).toEqual([
      { key: "air|", suiteId: "air", label: "tau2/airline" },
      { key: "tel|user=no-user", suiteId: "tel", label: "tau2/telecom (no-user)" },
    ]);
    expect(matrix.rows.map((row) => [row.model, row.variant])).toEqual([
      ["claude", "base"],
      ["gpt-4o", "base"],
      ["gpt-4o", "sft"],
    ]);
    const gpt = matrix.rows[1];
    expect(gpt?.cells["air|"]).toEqual({
      runId: "g-air",
      runName: "run",
      success: "40.0%",
      interval: "[20.0%, 62.0%]",
      count: "8/20",
      passK: { k: 4, text: "20.0%" },
      otherRuns: 0,
    });
    expect(gpt?.cells["tel|user=no-user"]?.success).toBe("80.0%");
    // One trial per task: no pass^k beside success (it would equal it).
    expect(matrix.rows[0]?.cells["air|"]?.passK).toBeNull();
    expect(matrix.rows[0]?.cells["tel|user=no-user"]).toBeUndefined();
  });

  it("shows the newest of several runs in one cell and counts the others", () => {
    const matrix = buildLeaderboardMatrix([
      makeEntry({ id: "old", model: "m", uploadedAt: "2026-01-01T00:00:00.000Z" }, rate(1, 2, 0, 1)),
      makeEntry({ id: "new", model: "m", uploadedAt: "2026-02-01T00:00:00.000Z" }, rate(2, 2, 0.3, 1)),
      makeEntry({ id: "older", model: "m", uploadedAt: "2025-01-01T00:00:00.000Z" }, rate(0, 2, 0, 0.7)),
    ]);
    const cell = matrix.rows[0]?.cells["suite-a|"];
    expect(cell?.runId).toBe("new");
    expect(cell?.otherRuns).toBe(2);
  });
});
