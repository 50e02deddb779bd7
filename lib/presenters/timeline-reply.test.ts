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
    expect(buildReplyCheckView(null, ["x"])).toEqual({ required: [{ text: "x", found: false }], segments: [] });
  });
});
