import { describe, expect, it } from "vitest";
import { isDeepEqual } from "./is-deep-equal";

describe("isDeepEqual", () => {
  it("ignores key order but not list order", () => {
    expect(isDeepEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1.0 })).toBe(true);
    expect(isDeepEqual({ b: [2, 1] }, { b: [1, 2] })).toBe(false);
  });

  it("compares strings exactly and types strictly", () => {
    expect(isDeepEqual({ s: "42 Pine St" }, { s: "24 Pine St" })).toBe(false);
    expect(isDeepEqual({ s: "x " }, { s: "x" })).toBe(false);
    expect(isDeepEqual({ n: 1 }, { n: "1" })).toBe(false);
    expect(isDeepEqual(null, {})).toBe(false);
    expect(isDeepEqual([], {})).toBe(false);
  });

  it("detects extra or missing keys", () => {
    expect(isDeepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(isDeepEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });
});
