import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, jsonDepth } from "./json-depth";

describe("jsonDepth", () => {
  it("counts the nesting of objects and arrays, scalars being depth 0", () => {
    expect(jsonDepth("text")).toBe(0);
    expect(jsonDepth(null)).toBe(0);
    expect(jsonDepth({})).toBe(1);
    expect(jsonDepth({ a: [1, { b: [[]] }], c: { d: 1 } })).toBe(5);
  });

  it("stops once past the limit, however deep the value is", () => {
    let deep: unknown = [];
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(jsonDepth(deep)).toBe(MAX_JSON_DEPTH + 1);
  });
});
