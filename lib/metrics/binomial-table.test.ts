import { describe, expect, it } from "vitest";
import { binomialTable, drawFromTable } from "./binomial-table";
import { createSeededRandom } from "./create-seeded-random";

function momentsOf(m: number, p: number, draws: number) {
  const table = binomialTable(m, p);
  const random = createSeededRandom(7);
  let sum = 0;
  let squares = 0;
  let outside = 0;
  for (let i = 0; i < draws; i += 1) {
    const x = drawFromTable(table, random());
    if (x < 0 || x > m) outside += 1;
    sum += x;
    squares += x * x;
  }
  const mean = sum / draws;
  return { mean, variance: squares / draws - mean * mean, outside };
}

describe("binomialTable", () => {
  it("gives the exact probabilities of a small binomial", () => {
    // Binomial(3, 0.5): 1/8, 3/8, 3/8, 1/8.
    const table = binomialTable(3, 0.5);
    expect(table.offset).toBe(0);
    expect([...table.cumulative].map((value) => Number(value.toFixed(12)))).toEqual([0.125, 0.5, 0.875, 1]);
    expect([0, 0.2, 0.6, 0.99].map((u) => drawFromTable(table, u))).toEqual([0, 1, 2, 3]);
  });

  it("keeps its mean and variance where (1-p)^m underflows (m = 20,000)", () => {
    for (const [m, p] of [
      [20_000, 0.9],
      [2_000, 0.03],
      [50, 0.5],
    ] as const) {
      const { mean, variance, outside } = momentsOf(m, p, 40_000);
      expect(outside).toBe(0);
      const sd = Math.sqrt(m * p * (1 - p));
      expect(Math.abs(mean - m * p)).toBeLessThan((4 * sd) / Math.sqrt(40_000));
      expect(variance / (m * p * (1 - p))).toBeGreaterThan(0.95);
      expect(variance / (m * p * (1 - p))).toBeLessThan(1.05);
    }
  });

  it("is certain at p = 0, p = 1 and m = 0", () => {
    expect(drawFromTable(binomialTable(10, 0), 0.7)).toBe(0);
    expect(drawFromTable(binomialTable(10, 1), 0.1)).toBe(10);
    expect(drawFromTable(binomialTable(0, 0.4), 0.5)).toBe(0);
  });
});
