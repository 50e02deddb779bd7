import { describe, expect, it } from "vitest";
import { createSeededRandom, drawIndex } from "./create-seeded-random";

describe("createSeededRandom", () => {
  it("matches the reference mulberry32 sequence for seed 1", () => {
    const random = createSeededRandom(1);
    expect(random()).toBe(0.6270739405881613);
    expect(random()).toBe(0.002735721180215478);
  });

  it("stays in [0, 1) and differs between seeds", () => {
    const a = createSeededRandom(2);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(createSeededRandom(3)()).not.toBe(createSeededRandom(2)());
    expect(drawIndex(() => 0.999999999, 4)).toBe(3);
  });
});
