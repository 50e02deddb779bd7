import { describe, expect, it } from "vitest";
import { buildLeaderboardHref, parseLeaderboardQuery, showsSuiteGrid } from "./leaderboard-query";

describe("leaderboard URL", () => {
  it("gives defaults for an empty URL: success rate first, runs below 5 tasks hidden, groups decided by the data", () => {
    expect(parseLeaderboardQuery({})).toEqual({
      sort: "success",
      dir: "desc",
      minTasks: 5,
      groups: undefined,
      metric: "success",
      page: 1,
      size: 25,
    });
    expect(buildLeaderboardHref(parseLeaderboardQuery({}))).toBe("/runs");
  });

  it("round-trips filters, sort, minimum tasks, groups, chart metric and page", () => {
    const query = parseLeaderboardQuery({
      suite: "s1",
      family: "qwen3",
      variant: "sft",
      q: "4b",
      sort: "pass2",
      dir: "asc",
      minTasks: "0",
      groups: "proxy,gold",
      metric: "rouge1",
      page: "3",
      size: "100",
    });
    expect(query).toEqual({
      suite: "s1",
      family: "qwen3",
      variant: "sft",
      q: "4b",
      sort: "pass2",
      dir: "asc",
      minTasks: 0,
      groups: ["gold", "proxy"],
      metric: "rouge1",
      page: 3,
      size: 100,
    });
    const href = buildLeaderboardHref(query);
    expect(href).toBe(
      "/runs?suite=s1&family=qwen3&variant=sft&q=4b&sort=pass2&dir=asc&minTasks=0&groups=gold%2Cproxy&metric=rouge1&page=3&size=100",
    );
    const params = Object.fromEntries(new URL(href, "http://x").searchParams);
    expect(parseLeaderboardQuery(params)).toEqual(query);
  });

  it("keeps an ascending success sort in the URL", () => {
    expect(buildLeaderboardHref(parseLeaderboardQuery({ dir: "asc" }))).toBe("/runs?sort=success&dir=asc");
  });

  it("falls back to defaults on bad values instead of failing", () => {
    const query = parseLeaderboardQuery({
      dir: "sideways",
      page: "-2",
      size: "7",
      sort: "drop table",
      minTasks: "-1",
      groups: "nope",
      metric: "<x>",
      q: ["first", "second"],
    });
    expect(query).toMatchObject({
      dir: "desc",
      page: 1,
      size: 25,
      sort: "success",
      minTasks: 5,
      groups: [],
      metric: "success",
      q: "first",
    });
    expect(parseLeaderboardQuery({ minTasks: "many" }).minTasks).toBe(5);
  });

  it("applies a patch and keeps an empty group choice", () => {
    const query = parseLeaderboardQuery({ q: "x", page: "4" });
    expect(buildLeaderboardHref(query, { page: 1, groups: [] })).toBe("/runs?q=x&groups=");
    expect(buildLeaderboardHref(query, { q: undefined })).toBe("/runs?page=4");
    expect(buildLeaderboardHref(query, { minTasks: 1, page: 1 })).toBe("/runs?q=x&minTasks=1");
  });
});

describe("showsSuiteGrid", () => {
  it("lands on the model x suite grid with all suites, and on the ranked list with a suite, a search, a tag or view=list", () => {
    expect(showsSuiteGrid(parseLeaderboardQuery({}))).toBe(true);
    expect(showsSuiteGrid(parseLeaderboardQuery({ family: "qwen3" }))).toBe(true);
    expect(showsSuiteGrid(parseLeaderboardQuery({ suite: "s1" }))).toBe(false);
    expect(showsSuiteGrid(parseLeaderboardQuery({ q: "sft" }))).toBe(false);
    expect(showsSuiteGrid(parseLeaderboardQuery({ tag: "experiment=a" }))).toBe(false);
    const list = parseLeaderboardQuery({ view: "list" });
    expect(showsSuiteGrid(list)).toBe(false);
    expect(buildLeaderboardHref(list)).toBe("/runs?view=list");
    expect(parseLeaderboardQuery({ view: "bogus" }).view).toBeUndefined();
  });
});
