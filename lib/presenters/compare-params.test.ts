import { describe, expect, it } from "vitest";
import { compareHref, ComparePageQuerySchema, CompareTaskQuerySchema, compareTaskHref } from "./compare-params";

describe("compare URL parameters", () => {
  it("parses the run list, keeps the baseline first and defaults filter and sort", () => {
    expect(ComparePageQuerySchema.parse({ runs: "a, b,c" })).toEqual({
      runs: ["a", "b", "c"],
      crossSuite: false,
      filter: "all",
      sort: "diff-desc",
      page: 1,
    });
    expect(ComparePageQuerySchema.parse({ runs: "a,b", page: "3" }).page).toBe(3);
    expect(ComparePageQuerySchema.parse({ runs: "a,b", page: "0" }).page).toBe(1);
    expect(ComparePageQuerySchema.parse({ runs: "a,b", page: "x" }).page).toBe(1);
    expect(ComparePageQuerySchema.parse({ runs: "a,b", crossSuite: "1" }).crossSuite).toBe(true);
    expect(ComparePageQuerySchema.parse({ runs: "a,b", crossSuite: "yes" }).crossSuite).toBe(false);
    expect(ComparePageQuerySchema.parse({ runs: "a,b", filter: "fixed", sort: "nonsense" })).toMatchObject({
      filter: "fixed",
      sort: "diff-desc",
    });
    expect(ComparePageQuerySchema.safeParse({ runs: "a" }).success).toBe(false);
    expect(ComparePageQuerySchema.safeParse({ runs: "a,a" }).success).toBe(false);
  });

  it("round-trips filter, sort and trials through the URLs", () => {
    expect(compareHref(["a", "b"], { filter: "broken", sort: "task" })).toBe(
      "/compare?runs=a,b&filter=broken&sort=task",
    );
    expect(compareHref(["a", "b"], { filter: "all", sort: "diff-desc" })).toBe("/compare?runs=a,b");
    expect(compareHref(["a", "b"], { crossSuite: true })).toBe("/compare?runs=a,b&crossSuite=1");
    expect(compareHref(["a", "b"], { filter: "fixed", page: 2, crossSuite: true })).toBe(
      "/compare?runs=a,b&crossSuite=1&filter=fixed&page=2",
    );
    expect(compareHref(["a", "b"], { page: 1 })).toBe("/compare?runs=a,b");
    expect(compareTaskHref(["a", "b"], "task 1", 2, 3)).toBe("/compare/task?runs=a,b&task=task+1&trialA=2&trialB=3");
    expect(CompareTaskQuerySchema.parse({ runs: "a,b", task: "task 1", trialA: "2", trialB: "x" })).toEqual({
      runs: ["a", "b"],
      task: "task 1",
      trialA: 2,
      trialB: 1,
    });
  });
});
