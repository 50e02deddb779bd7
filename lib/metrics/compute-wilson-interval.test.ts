import { describe, expect, it } from "vitest";
import { toWilsonRate, wilsonInterval } from "./compute-wilson-interval";

describe("wilsonInterval", () => {
  it("matches hand-computed bounds", () => {
    const half = wilsonInterval(3, 6);
    expect(half?.low).toBeCloseTo(0.1876128, 6);
    expect(half?.high).toBeCloseTo(0.8123872, 6);
    const none = wilsonInterval(0, 10);
    expect(none?.low).toBe(0);
    expect(none?.high).toBeCloseTo(0.2775402, 6);
    const all = wilsonInterval(10, 10);
    expect(all?.low).toBeCloseTo(0.7224598, 6);
    expect(all?.high).toBe(1);
  });

  it("narrows with a smaller z and is null for n = 0", () => {
    const narrow = wilsonInterval(3, 6, 1);
    // z = 1: centre 0.5, half-width (1/(7/6))·sqrt(1/24 + 1/144)
    expect(narrow?.low).toBeCloseTo(0.5 - (6 / 7) * Math.sqrt(1 / 24 + 1 / 144), 12);
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(toWilsonRate(0, 0)).toEqual({ count: 0, n: 0, value: null, low: null, high: null });
  });
});
