import { describe, expect, it } from "vitest";
import { formatKappa } from "./agreement-format";

describe("formatKappa", () => {
  it("shows three decimals, n/a for undefined and no negative zero", () => {
    expect(formatKappa(17 / 23)).toBe("0.739");
    expect(formatKappa(null)).toBe("n/a");
    expect(formatKappa(-1e-17)).toBe("0.000");
    expect(formatKappa(-0.25)).toBe("-0.250");
  });
});
