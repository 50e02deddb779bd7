import { describe, expect, it } from "vitest";
import { blindStudyItem, shuffleForAnnotator } from "./blind-study-item";

describe("blind study items", () => {
  it("drops the run id and name", () => {
    const item = { runId: "r1", runName: "Qwen3-4B SFT", position: 7, taskExternalId: "t3" };
    expect(blindStudyItem(item)).toEqual({ runId: "", runName: "item 7", position: 7, taskExternalId: "t3" });
  });

  it("shuffles by seed: same seed same order, other seed other order, nothing lost", () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const first = shuffleForAnnotator(items, 101);
    expect(shuffleForAnnotator(items, 101)).toEqual(first);
    expect(shuffleForAnnotator(items, 202)).not.toEqual(first);
    expect([...first].sort((a, b) => a - b)).toEqual(items);
  });
});
