import { describe, expect, it } from "vitest";
import {
  buildLeaderboardView,
  chooseDefaultGroups,
  formatTasksTrials,
  slimLeaderboardRows,
  tableCellTitle,
} from "./leaderboard-rows";
import { parseLeaderboardQuery } from "./leaderboard-query";
import { makeEntry, makePageData } from "@/lib/testing/leaderboard-fixtures";

const success = (value: number | null, n = 10) => ({
  value,
  se: null,
  low: null,
  high: null,
  effectiveN: null,
  n,
  successes: value === null ? 0 : Math.round(value * n),
});

const entries = [
  makeEntry(
    { id: "b", name: "b", model: "qwen3-14b", family: "qwen3", size: "14B", variant: "sft", suite: "retail 1" },
    { successRate: success(0.7), passHatK: { 1: 0.7 } },
    "s-retail",
  ),
  makeEntry(
    {
      id: "d",
      name: "d",
      model: "gemma3-12b",
      family: "gemma3",
      size: "12B",
      variant: "base",
      suite: "airline",
      tasks: 3,
      minTrials: 1,
      maxTrials: 4,
    },
    { successRate: success(0.5) },
    "s-air",
  ),
  makeEntry(
    { id: "a", name: "a", model: "qwen3-4b", family: "qwen3", size: "4B", variant: "base", suite: "retail 1" },
    { successRate: success(0.3), passHatK: { 1: 0.3, 2: 0.1 } },
    "s-retail",
  ),
];

describe("buildLeaderboardView", () => {
  it("keeps the server's order and builds one row per run", () => {
    const view = buildLeaderboardView(
      makePageData(entries, {
        facets: { totalRuns: 9, maxPassK: 2, suites: [], families: [], variants: [], tags: [] },
      }),
      parseLeaderboardQuery({}),
    );
    expect(view.rows.map((r) => r.id)).toEqual(["b", "d", "a"]);
    expect(view.rows[1]).toMatchObject({
      model: "gemma3-12b",
      suiteId: "s-air",
      tasksTrials: "3 x 1-4",
      trajectories: 4,
    });
    expect(view.rows[0]?.cells.success?.text).toBe("70.0%");
    expect(view.totalRuns).toBe(9);
  });

  it("slims the client rows: no chart bounds or null details, and every title rebuilt as it was", () => {
    const view = buildLeaderboardView(makePageData(entries), parseLeaderboardQuery({}));
    const slim = slimLeaderboardRows(view.rows, view.definitions);
    const definitionOf = new Map(view.definitions.map((d) => [d.id, d]));
    let checked = 0;
    view.rows.forEach((row, index) => {
      for (const [id, cell] of Object.entries(row.cells)) {
        const table = slim[index]?.cells[id];
        const definition = definitionOf.get(id);
        if (!table || !definition) throw new Error(`cell ${id} missing`);
        expect(table).not.toHaveProperty("low");
        expect(table).not.toHaveProperty("high");
        expect(table.detail ?? null).toBe(cell.detail ?? null);
        expect(tableCellTitle(table, definition)).toBe(cell.title);
        checked += 1;
      }
    });
    expect(checked).toBeGreaterThan(10);
    // Titles that repeat the description travel as the remainder only.
    expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(view.rows).length);
  });

  it("adds pass^k columns up to the largest k of all runs; a run without that k reads n/a", () => {
    const view = buildLeaderboardView(makePageData(entries), parseLeaderboardQuery({}));
    expect(view.definitions.filter((d) => d.id.startsWith("pass")).map((d) => d.label)).toEqual(["pass^1", "pass^2"]);
    expect(view.rows[0]?.cells.pass2?.text).toBe("n/a");
    expect(view.rows[2]?.cells.pass2?.text).toBe("10.0%");
  });

  it("reports the runs hidden by the minimum task count", () => {
    const view = buildLeaderboardView(
      makePageData(entries, { totals: { matching: 3, hidden: 4, hasGold: false, hasClosed: true, hasProxy: false } }),
      parseLeaderboardQuery({}),
    );
    expect(view.matchingRuns).toBe(3);
    expect(view.hiddenRuns).toBe(4);
  });

  it("shows the groups with data by default and the URL's groups when chosen", () => {
    const totals = { matching: 3, hidden: 0, hasGold: false, hasClosed: true, hasProxy: true };
    expect(buildLeaderboardView(makePageData(entries, { totals }), parseLeaderboardQuery({})).groups).toEqual([
      "closed",
      "proxy",
    ]);
    expect(
      buildLeaderboardView(makePageData(entries, { totals }), parseLeaderboardQuery({ groups: "gold" })).groups,
    ).toEqual(["gold"]);
  });
});

describe("chooseDefaultGroups", () => {
  it("keeps protocol order and falls back to closed loop when no listed run has data", () => {
    expect(chooseDefaultGroups({ matching: 2, hidden: 0, hasGold: true, hasClosed: true, hasProxy: true })).toEqual([
      "gold",
      "closed",
      "proxy",
    ]);
    expect(chooseDefaultGroups({ matching: 2, hidden: 0, hasGold: true, hasClosed: false, hasProxy: false })).toEqual([
      "gold",
    ]);
    expect(chooseDefaultGroups({ matching: 0, hidden: 3, hasGold: false, hasClosed: false, hasProxy: false })).toEqual([
      "closed",
    ]);
  });
});

describe("formatTasksTrials", () => {
  it("formats tasks x trials", () => {
    expect(formatTasksTrials({ tasks: 0, minTrials: 0, maxTrials: 0 })).toBe("n/a");
    expect(formatTasksTrials({ tasks: 5, minTrials: 4, maxTrials: 4 })).toBe("5 x 4");
  });
});
