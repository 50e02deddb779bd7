import { describe, expect, it } from "vitest";
import { buildReplyCheckView } from "./timeline-reply";

describe("buildReplyCheckView", () => {
  it("marks found and missing strings, case-sensitively", () => {
    const view = buildReplyCheckView("Refunded 2500 cents to card 4242.", ["2500 cents", "4242", "Card"]);
    expect(view.required).toEqual([
      { text: "2500 cents", found: true },
      { text: "4242", found: true },
      { text: "Card", found: false },
    ]);
    expect(view.segments).toEqual([
      { text: "Refunded ", match: null },
      { text: "2500 cents", match: "2500 cents" },
      { text: " to card ", match: null },
      { text: "4242", match: "4242" },
      { text: ".", match: null },
    ]);
  });

  it("treats a missing reply as every string missing", () => {
    expect(buildReplyCheckView(null, ["x"])).toEqual({
      required: [{ text: "x", found: false }],
      segments: [],
      ruleNote: null,
    });
  });
});

describe("buildReplyCheckView with the benchmarks' communicate rule", () => {
  it('counts "23553" as found when any agent message says "$23,553", and highlights only exact occurrences', () => {
    const view = buildReplyCheckView("Bye.", ["23553", "bye"], {
      rule: "any-agent-message",
      agentMessages: [
        { seq: 3, text: "Your total is $23,553." },
        { seq: 5, text: "Bye." },
      ],
    });
    expect(view.required).toEqual([
      { text: "23553", found: true },
      { text: "bye", found: true },
    ]);
    expect(view.segments).toEqual([{ text: "Bye.", match: null }]);
    expect(view.ruleNote).toMatch(/any agent message/);
  });
});
