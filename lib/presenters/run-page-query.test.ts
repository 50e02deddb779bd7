import { describe, expect, it } from "vitest";
import { buildRunPageHref, NO_STOP_REASON, parseRunPageQuery, toTrajectoryFilter } from "./run-page-query";

describe("run page query", () => {
  it("parses filters and falls back to defaults on bad values", () => {
    const query = parseRunPageQuery({
      outcome: "fail",
      toolError: "yes",
      page: "3",
      gridSort: "bogus",
      q: ["  refund ", "x"],
      stop: "",
    });
    expect(query).toEqual({
      outcome: "fail",
      toolError: "yes",
      page: 3,
      gridSort: "task",
      gridPage: 1,
      gridTrials: 1,
      q: "refund",
      stop: undefined,
      category: undefined,
    });
    expect(parseRunPageQuery({ outcome: "maybe", page: "-2" })).toMatchObject({ outcome: undefined, page: 1 });
    expect(parseRunPageQuery({ gridTrials: "3" })).toMatchObject({ gridTrials: 3 });
    expect(parseRunPageQuery({ gridTrials: "x" })).toMatchObject({ gridTrials: 1 });
  });

  it("maps the URL state to a trajectory filter", () => {
    expect(toTrajectoryFilter(parseRunPageQuery({ stop: NO_STOP_REASON, toolError: "no" }))).toMatchObject({
      stopReason: null,
      hasToolError: false,
    });
    expect(toTrajectoryFilter(parseRunPageQuery({}))).toEqual({
      outcome: undefined,
      stopReason: undefined,
      hasToolError: undefined,
      failureCategory: undefined,
      search: undefined,
    });
  });

  it("builds links that keep the other state and omit defaults", () => {
    const query = parseRunPageQuery({ outcome: "fail", page: "2" });
    expect(buildRunPageHref("r1", query, { page: 3 })).toBe("/runs/r1?outcome=fail&page=3");
    expect(buildRunPageHref("r1", query, { page: 1, gridSort: "rate" }, "#grid")).toBe(
      "/runs/r1?outcome=fail&gridSort=rate#grid",
    );
  });
});
