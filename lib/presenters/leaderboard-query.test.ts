import { describe, expect, it } from "vitest";
import { buildLeaderboardHref, parseLeaderboardQuery } from "./leaderboard-query";

describe("leaderboard URL", () => {
  it("gives defaults for an empty URL", () => {
    expect(parseLeaderboardQuery({})).toEqual({ dir: "desc", groups: ["gold", "closed"], metric: "success", page: 1, size: 50 });
    expect(buildLeaderboardHref(parseLeaderboardQuery({}))).toBe("/runs");
  });

  it("round-trips filters, sort, groups, chart metric and page", () => {
    const query = parseLeaderboardQuery({ suite: "s1", family: "qwen3", variant: "sft", q: "4b", sort: "pass2", dir: "asc", groups: "proxy,gold", metric: "rouge1", page: "3", size: "100" });
    expect(query).toEqual({ suite: "s1", family: "qwen3", variant: "sft", q: "4b", sort: "pass2", dir: "asc", groups: ["gold", "proxy"], metric: "rouge1", page: 3, size: 100 });
    const href = buildLeaderboardHref(query);
    expect(href).toBe("/runs?suite=s1&family=qwen3&variant=sft&q=4b&sort=pass2&dir=asc&groups=gold%2Cproxy&metric=rouge1&page=3&size=100");
    const params = Object.fromEntries(new URL(href, "http://x").searchParams);
    expect(parseLeaderboardQuery(params)).toEqual(query);
  });

  it("falls back to defaults on bad values instead of failing", () => {
    const query = parseLeaderboardQuery({ dir: "sideways", page: "-2", size: "7", sort: "drop table", groups: "nope", metric: "<x>", q: ["first", "second"] });
    expect(query).toMatchObject({ dir: "desc", page: 1, size: 50, sort: undefined, groups: [], metric: "success", q: "first" });
  });

  it("applies a patch and keeps an empty group choice", () => {
    const query = parseLeaderboardQuery({ q: "x", page: "4" });
    expect(buildLeaderboardHref(query, { page: 1, groups: [] })).toBe("/runs?q=x&groups=");
    expect(buildLeaderboardHref(query, { q: undefined })).toBe("/runs?page=4");
  });
});
