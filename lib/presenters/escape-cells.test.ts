import { describe, expect, it } from "vitest";
import { csvText, neutralizeFormula } from "./escape-cells";

describe("neutralizeFormula", () => {
  it("leaves numbers, negative ones included, as numbers", () => {
    for (const number of ["-1", "-0.25", "+3", "1e-3", "-.5", "0"])
      expect(neutralizeFormula(number), number).toBe(number);
    expect(csvText("-1")).toBe("-1");
  });

  it("still quotes text that a spreadsheet would run as a formula", () => {
    for (const formula of ["=1+1", "-1+cmd|' /C calc'!A0", "@SUM(A1)", "+A1", "-", "\tx"])
      expect(neutralizeFormula(formula), formula).toBe(`'${formula}`);
  });
});
