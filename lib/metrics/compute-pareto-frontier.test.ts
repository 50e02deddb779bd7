import { describe, expect, it } from "vitest";
import { computeParetoFrontier } from "./compute-pareto-frontier";

const p = (id: string, cost: number, success: number) => ({ id, cost, success });

describe("computeParetoFrontier", () => {
  it("keeps the runs no cheaper-or-equal run beats, cheapest first", () => {
    const points = [p("a", 1, 0.2), p("b", 2, 0.5), p("c", 3, 0.4), p("d", 4, 0.9), p("e", 0.5, 0.1), p("f", 5, 0.9)];
    // c is beaten by b (cheaper, better); f by d (cheaper, as good).
    expect(computeParetoFrontier(points).map((point) => point.id)).toEqual(["e", "a", "b", "d"]);
  });

  it("drops a run of equal cost and lower success, keeps exact ties, and ignores non-finite values", () => {
    const points = [
      p("low", 1, 0.3),
      p("high", 1, 0.6),
      p("twin", 1, 0.6),
      p("nan", Number.NaN, 1),
      p("inf", 2, Number.POSITIVE_INFINITY),
    ];
    expect(computeParetoFrontier(points).map((point) => point.id)).toEqual(["high", "twin"]);
  });

  it("is empty for no points and the single point otherwise", () => {
    expect(computeParetoFrontier([])).toEqual([]);
    expect(computeParetoFrontier([p("x", 0, 0)])).toEqual([p("x", 0, 0)]);
  });
});
