import { describe, expect, it } from "vitest";
import {
  buildLeaderboardView,
  buildTableRows,
  chooseDefaultGroups,
  formatTasksTrials,
  leaderboardCellTitle,
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

  it("titles each cell with the column's label and the counts behind it, not the whole description again", () => {
    const view = buildLeaderboardView(makePageData(entries), parseLeaderboardQuery({}));
    const definitionOf = new Map(view.definitions.map((d) => [d.id, d]));
    const title = (row: number, id: string) => {
      const cell = view.rows[row]?.cells[id];
      const definition = definitionOf.get(id);
      if (!cell || !definition) throw new Error(`cell ${id} missing`);
      return leaderboardCellTitle(cell, definition);
    };
    // Row 0 is run b: 7 of 10 trajectories succeeded, no SE given.
    expect(title(0, "success")).toBe("Success rate: 7/10");
    // A bare pass^k value has nothing beyond the description the header already shows.
    expect(title(0, "pass1")).toBeUndefined();
    // A title that does not start with the description is kept whole.
    expect(
      leaderboardCellTitle({ title: "computed before the judge changed" }, { label: "GC", description: "Goal" }),
    ).toBe("computed before the judge changed");
  });

  it("sends the client table only what a cell shows: text, detail when there is one, the short title", () => {
    const view = buildLeaderboardView(makePageData(entries), parseLeaderboardQuery({}));
    const table = buildTableRows(view.rows, view.definitions);
    expect(table.map((row) => row.id)).toEqual(view.rows.map((row) => row.id));
    for (const [index, row] of view.rows.entries()) {
      for (const definition of view.definitions) {
        const cell = row.cells[definition.id];
        const sent = table[index]?.cells[definition.id];
        expect(sent).toEqual({
          value: cell?.value ?? null,
          text: cell?.text,
          ...(cell?.detail ? { detail: cell.detail } : {}),
          ...(cell && leaderboardCellTitle(cell, definition) ? { title: leaderboardCellTitle(cell, definition) } : {}),
        });
        expect(sent).not.toHaveProperty("low");
      }
    }
    expect(table[0]?.cells.success?.title).toBe("Success rate: 7/10");
    expect(JSON.stringify(table).length).toBeLessThan(JSON.stringify(view.rows).length / 2);
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
      buildLeaderboardView(makePageData(entries, { totals }), parseLeaderboardQuery({ groups: "proxy" })).groups,
    ).toEqual(["proxy"]);
  });

  it("never shows a group no listed run has data for, even when the URL asks for it (tau2 runs: no gold turns)", () => {
    const totals = { matching: 3, hidden: 0, hasGold: false, hasClosed: true, hasProxy: false };
    const all = parseLeaderboardQuery({ groups: "gold,closed,proxy" });
    const view = buildLeaderboardView(makePageData(entries, { totals }), all);
    expect(view.groups).toEqual(["closed"]);
    expect(view.groupsWithData).toEqual(["closed"]);
    // Asking for the data-less group alone falls back to the groups with data.
    expect(
      buildLeaderboardView(makePageData(entries, { totals }), parseLeaderboardQuery({ groups: "gold" })).groups,
    ).toEqual(["closed"]);
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
