import { describe, expect, it } from "vitest";
import { buildSnippet, findMatches } from "./search-snippet";

const empty = { text: null, toolName: null, argumentsText: null, outputText: null };

describe("findMatches", () => {
  it("finds every case-insensitive occurrence and merges overlaps", () => {
    expect(findMatches("Card declined; CARD ok", ["card", "card declined"])).toEqual([
      { start: 0, end: 13 },
      { start: 15, end: 19 },
    ]);
  });

  it("ignores empty terms", () => {
    expect(findMatches("abc", [""])).toEqual([]);
  });
});

describe("buildSnippet", () => {
  it("marks the hit in the first field that contains it", () => {
    const snippet = buildSnippet({ ...empty, text: "Looking it up.", argumentsText: '{"order_id": "ORD-7f3a91"}' }, [
      "7F3A9",
    ]);
    expect(snippet).toEqual({
      field: "arguments",
      segments: [
        { text: '{"order_id": "ORD-', marked: false },
        { text: "7f3a9", marked: true },
        { text: '1"}', marked: false },
      ],
      cutStart: false,
      cutEnd: false,
    });
  });

  it("cuts a window around a hit deep in a long result", () => {
    const long = `${"x".repeat(1000)} card_declined ${"y".repeat(1000)}`;
    const snippet = buildSnippet({ ...empty, outputText: long }, ["card_declined"], 100);
    expect(snippet?.field).toBe("result");
    expect(snippet?.cutStart).toBe(true);
    expect(snippet?.cutEnd).toBe(true);
    expect(snippet?.segments.map((segment) => segment.text).join("")).toHaveLength(100);
    expect(snippet?.segments.find((segment) => segment.marked)?.text).toBe("card_declined");
  });

  it("keeps markup as plain text", () => {
    const snippet = buildSnippet({ ...empty, text: "<img src=x onerror=alert(1)> failed" }, ["failed"]);
    expect(snippet?.segments[0]).toEqual({ text: "<img src=x onerror=alert(1)> ", marked: false });
  });

  it("shows the start of the first field unmarked when no term occurs literally", () => {
    expect(buildSnippet({ ...empty, toolName: "refund_order" }, ["refunds"])).toEqual({
      field: "tool",
      segments: [{ text: "refund_order", marked: false }],
      cutStart: false,
      cutEnd: false,
    });
    expect(buildSnippet(empty, ["x"])).toBeNull();
  });
});
