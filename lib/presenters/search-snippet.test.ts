import { describe, expect, it } from "vitest";
import { highlightPatterns } from "./search-query";
import { buildSnippet, findMatches } from "./search-snippet";

const empty = { text: null, toolName: null, argumentsText: null, outputText: null };
const marked = (snippet: ReturnType<typeof buildSnippet>) =>
  snippet?.segments.filter((segment) => segment.marked).map((segment) => segment.text);

describe("findMatches", () => {
  it("finds every case-insensitive occurrence and merges overlaps", () => {
    expect(findMatches("Card declined; CARD ok", highlightPatterns('card "card declined"'))).toEqual([
      { start: 0, end: 13 },
      { start: 15, end: 19 },
    ]);
  });

  it("matches the words PostgreSQL's parser makes of a token, not only the literal token (issue 36, item 9)", () => {
    const text = "Would you like me to cancel reservation EHGLP3? I called cancel_reservation and CANCEL-Reservation.";
    const ranges = findMatches(text, highlightPatterns("cancel_reservation"));
    expect(ranges.map((range) => text.slice(range.start, range.end))).toEqual([
      "cancel reservation",
      "cancel_reservation",
      "CANCEL-Reservation",
    ]);
  });

  it("marks full-text words whole, but a substring term anywhere", () => {
    expect(findMatches("cancellation or cancel", highlightPatterns("cancel or refund"))).toEqual([
      { start: 16, end: 22 },
    ]);
    expect(findMatches("ORD-7f3a91", highlightPatterns("7f3a9"))).toEqual([{ start: 4, end: 9 }]);
  });

  it("never marks an excluded word or the or operator", () => {
    expect(findMatches("refund or cancel", highlightPatterns("refund or -cancel"))).toEqual([{ start: 0, end: 6 }]);
  });
});

describe("buildSnippet", () => {
  it("marks the hit in the first field that contains it", () => {
    const snippet = buildSnippet(
      { ...empty, text: "Looking it up.", argumentsText: '{"order_id": "ORD-7f3a91"}' },
      highlightPatterns("7F3A9"),
    );
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

  it("cuts a window around a hit deep in a long result, at word boundaries", () => {
    const long = `${"lorem ".repeat(200)}card_declined ${"ipsum ".repeat(200)}`;
    const snippet = buildSnippet({ ...empty, outputText: long }, highlightPatterns("card_declined"), 100);
    expect(snippet?.field).toBe("result");
    expect(snippet?.cutStart).toBe(true);
    expect(snippet?.cutEnd).toBe(true);
    const shown = snippet?.segments.map((segment) => segment.text).join("") ?? "";
    expect(shown.length).toBeGreaterThanOrEqual(90);
    expect(shown.length).toBeLessThanOrEqual(110);
    expect(shown).toMatch(/^(lorem )+card_declined( ipsum)+ ?$/);
    expect(marked(snippet)).toEqual(["card_declined"]);
  });

  it("never cuts a marked hit at the window's end (was marked as 'r' or 'Re')", () => {
    // The raw window of 60 characters would end inside "Reservation".
    const text = `${"a".repeat(50)} cancel ${"c".repeat(27)} Reservation ${"b".repeat(50)}`;
    const snippet = buildSnippet({ ...empty, text }, highlightPatterns("cancel or reservation"), 60);
    expect(marked(snippet)).toEqual(["cancel", "Reservation"]);
    const last = snippet?.segments.at(-1);
    expect(last).toEqual({ text: "Reservation", marked: true });
  });

  it("keeps markup as plain text", () => {
    const snippet = buildSnippet(
      { ...empty, text: "<img src=x onerror=alert(1)> failed" },
      highlightPatterns("failed"),
    );
    expect(snippet?.segments[0]).toEqual({ text: "<img src=x onerror=alert(1)> ", marked: false });
  });

  it("shows the start of the first field unmarked when nothing matches", () => {
    expect(buildSnippet({ ...empty, toolName: "refund_order" }, highlightPatterns("refunds"))).toEqual({
      field: "tool",
      segments: [{ text: "refund_order", marked: false }],
      cutStart: false,
      cutEnd: false,
    });
    expect(buildSnippet(empty, highlightPatterns("x"))).toBeNull();
  });
});
