import { describe, expect, it } from "vitest";
import {
  highlightTerms,
  likePattern,
  parseSearchQuery,
  searchHref,
  searchParamsRecord,
  substringTerm,
  SearchQuerySchema,
} from "./search-query";

describe("parseSearchQuery", () => {
  it("accepts a query with every filter", () => {
    const parsed = parseSearchQuery({
      q: "  card_declined ",
      suite: "s1",
      run: "r1",
      model: "m1",
      kind: "tool_result",
      actor: "agent",
      outcome: "failure",
      errored: "1",
      page: "2",
    });
    expect(parsed).toEqual({
      ok: true,
      query: {
        q: "card_declined",
        suite: "s1",
        run: "r1",
        model: "m1",
        kind: "tool_result",
        actor: "agent",
        outcome: "failure",
        errored: true,
        page: 2,
      },
    });
  });

  it("names each bad parameter", () => {
    const parsed = parseSearchQuery({ q: "x".repeat(201), kind: "secret", outcome: "maybe", page: "51" });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.map((issue) => issue.path).sort()).toEqual(["kind", "outcome", "page", "q"]);
    expect(parsed.issues.find((issue) => issue.path === "q")?.message).toBe("at most 200 characters");
  });

  it("refuses an empty or blank query and NUL", () => {
    expect(parseSearchQuery({ q: "   " }).ok).toBe(false);
    expect(parseSearchQuery({}).ok).toBe(false);
    expect(parseSearchQuery({ q: "a\u0000b" }).ok).toBe(false);
  });

  it("reads errored=0 as not filtering", () => {
    expect(SearchQuerySchema.parse({ q: "x", errored: "0" }).errored).toBe(false);
    expect(SearchQuerySchema.parse({ q: "x" }).errored).toBe(false);
  });
});

describe("searchParamsRecord", () => {
  it("drops empty form fields and keeps the first of repeated ones", () => {
    expect(
      searchParamsRecord([
        ["q", "refund"],
        ["suite", ""],
        ["q", "other"],
      ]),
    ).toEqual({ q: "refund" });
  });
});

describe("substring and LIKE pattern", () => {
  it("matches a substring for one token of three characters or more", () => {
    expect(substringTerm("ab")).toBeNull();
    expect(substringTerm("abc")).toBe("abc");
    expect(substringTerm("ORD-7f3a")).toBe("ORD-7f3a");
    expect(substringTerm("card declined")).toBeNull();
    expect(substringTerm('"declined"')).toBeNull();
  });

  it("escapes LIKE wildcards so they match literally", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("highlightTerms", () => {
  it("keeps words and phrases, drops operators and excluded words", () => {
    expect(highlightTerms('refund "card declined" or -gift -"gift card" W104')).toEqual([
      "refund",
      "card declined",
      "W104",
    ]);
  });
});

describe("searchHref", () => {
  it("keeps every filter and changes the page", () => {
    const query = SearchQuerySchema.parse({ q: "a b", run: "r1", errored: "1", kind: "tool_call" });
    expect(searchHref(query, { page: "2" })).toBe("/search?q=a+b&run=r1&kind=tool_call&errored=1&page=2");
  });
});
