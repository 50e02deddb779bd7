import { describe, expect, it } from "vitest";
import { buildLeaderboardView, formatTasksTrials } from "./leaderboard-rows";
import { parseLeaderboardQuery } from "./leaderboard-query";
import { makeEntry } from "@/lib/testing/leaderboard-fixtures";

const success = (value: number | null, n = 10) => ({ value, se: null, low: null, high: null, n, successes: value === null ? 0 : Math.round(value * n) });

const entries = [
  makeEntry({ id: "a", name: "a", model: "qwen3-4b", family: "qwen3", size: "4B", variant: "base", suite: "retail 1" }, { successRate: success(0.3), passHatK: { 1: 0.3, 2: 0.1 } }, "s-retail"),
  makeEntry({ id: "b", name: "b", model: "qwen3-14b", family: "qwen3", size: "14B", variant: "sft", suite: "retail 1" }, { successRate: success(0.7), passHatK: { 1: 0.7 } }, "s-retail"),
  makeEntry({ id: "c", name: "c", model: "gemma3-4b", family: "gemma3", size: "4B", variant: "sft", suite: "airline" }, { successRate: success(null, 0) }, "s-air"),
  makeEntry({ id: "d", name: "d", model: "gemma3-12b", family: "gemma3", size: "12B", variant: "base", suite: "airline", tasks: 3, minTrials: 1, maxTrials: 4 }, { successRate: success(0.5) }, "s-air"),
];

const ids = (query: Record<string, string>) => buildLeaderboardView(entries, parseLeaderboardQuery(query)).rows.map((row) => row.id);

describe("buildLeaderboardView", () => {
  it("keeps the incoming order without a sort and builds one row per run", () => {
    const view = buildLeaderboardView(entries, parseLeaderboardQuery({}));
    expect(view.rows.map((r) => r.id)).toEqual(["a", "b", "c", "d"]);
    expect(view.rows[3]).toMatchObject({ model: "gemma3-12b", suiteId: "s-air", tasksTrials: "3 x 1-4", trajectories: 4 });
    expect(view.rows[0]?.cells.success?.text).toBe("30.0%");
    expect(view.totalRuns).toBe(4);
  });

  it("adds pass^k columns up to the largest k; a run without that k reads n/a", () => {
    const view = buildLeaderboardView(entries, parseLeaderboardQuery({}));
    expect(view.definitions.filter((d) => d.id.startsWith("pass")).map((d) => d.label)).toEqual(["pass^1", "pass^2"]);
    expect(view.rows[1]?.cells.pass2?.text).toBe("n/a");
    expect(view.rows[0]?.cells.pass2?.text).toBe("10.0%");
  });

  it("sorts by a metric in both directions with n/a last", () => {
    expect(ids({ sort: "success", dir: "desc" })).toEqual(["b", "d", "a", "c"]);
    expect(ids({ sort: "success", dir: "asc" })).toEqual(["a", "d", "b", "c"]);
  });

  it("sorts by text columns and by model size as a number", () => {
    expect(ids({ sort: "model", dir: "asc" })).toEqual(["d", "c", "b", "a"]);
    expect(ids({ sort: "size", dir: "desc" })).toEqual(["b", "d", "a", "c"]);
    expect(ids({ sort: "tasks", dir: "desc" })).toEqual(["d", "a", "b", "c"]);
  });

  it("ignores an unknown sort column", () => {
    expect(ids({ sort: "nosuchcolumn" })).toEqual(["a", "b", "c", "d"]);
  });

  it("filters by suite, family, variant and text", () => {
    expect(ids({ suite: "s-air" })).toEqual(["c", "d"]);
    expect(ids({ family: "qwen3" })).toEqual(["a", "b"]);
    expect(ids({ variant: "sft" })).toEqual(["b", "c"]);
    expect(ids({ q: "GEMMA3-1" })).toEqual(["d"]);
    expect(ids({ q: "retail", variant: "base" })).toEqual(["a"]);
  });

  it("pages and clamps the page to the last one", () => {
    const many = Array.from({ length: 60 }, (_, i) => makeEntry({ id: `r${i}`, name: `r${i}` }));
    const second = buildLeaderboardView(many, parseLeaderboardQuery({ page: "2", size: "25" }));
    expect(second.rows.map((r) => r.id)).toEqual(Array.from({ length: 25 }, (_, i) => `r${25 + i}`));
    expect(second.pageCount).toBe(3);
    const beyond = buildLeaderboardView(many, parseLeaderboardQuery({ page: "9", size: "25" }));
    expect(beyond.page).toBe(3);
    expect(beyond.rows).toHaveLength(10);
  });

  it("offers facets from all runs, whatever the filter", () => {
    const view = buildLeaderboardView(entries, parseLeaderboardQuery({ suite: "s-air" }));
    expect(view.matchingRuns).toBe(2);
    expect(view.facets).toEqual({
      suites: [{ value: "s-air", label: "airline" }, { value: "s-retail", label: "retail 1" }],
      families: ["gemma3", "qwen3"],
      variants: ["base", "sft"],
      tags: [],
    });
  });

  it("filters by a tag and lists every tag as a facet", () => {
    const tagged = [makeEntry({ id: "t1", tags: { experiment: "sft-v2" } }), makeEntry({ id: "t2", tags: { experiment: "sft-v1", owner: "ana" } })];
    const view = buildLeaderboardView(tagged, parseLeaderboardQuery({ tag: "experiment=sft-v2" }));
    expect(view.rows.map((row) => row.id)).toEqual(["t1"]);
    expect(view.facets.tags).toEqual(["experiment=sft-v1", "experiment=sft-v2", "owner=ana"]);
    expect(parseLeaderboardQuery({ tag: "no-equals" }).tag).toBeUndefined();
  });

  it("shows partial coverage of a suite beside tasks x trials", () => {
    const view = buildLeaderboardView([makeEntry({ id: "p", tasks: 12, minTrials: 1, maxTrials: 1, coverage: "12 of 50 tasks" })], parseLeaderboardQuery({}));
    expect(view.rows[0]?.tasksTrials).toBe("12 x 1 (12 of 50 tasks)");
  });

  it("formats tasks x trials", () => {
    expect(formatTasksTrials({ tasks: 0, minTrials: 0, maxTrials: 0 })).toBe("n/a");
    expect(formatTasksTrials({ tasks: 5, minTrials: 4, maxTrials: 4 })).toBe("5 x 4");
  });
});
