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

  it("looks past leading blanks, tabs and line breaks, where spreadsheets still read a formula", () => {
    for (const formula of [
      " =1+1",
      "  +A1",
      " -A1",
      " @SUM(A1)",
      "\t=1+1",
      "\r=1+1",
      "\n=1+1",
      "\u00a0=1",
      "\r\n@x",
      "\t-5",
    ])
      expect(neutralizeFormula(formula), JSON.stringify(formula)).toBe(`'${formula}`);
    expect(neutralizeFormula("\uff1d1+1")).toBe("'\uff1d1+1");
    expect(csvText(" =1+1")).toBe("' =1+1");
  });

  it("leaves text and spaced numbers that are no formula alone", () => {
    for (const text of ["a=1", " 5", " -5", "run 1", "x-1"]) expect(neutralizeFormula(text), text).toBe(text);
  });
});
