import { describe, expect, it } from "vitest";
import { checkCommunicatedInfo } from "./check-communicated-info";

describe("checkCommunicatedInfo (tau2 evaluate_communicate_info)", () => {
  it('finds "23553" in "$23,553": the message loses its commas and its case', () => {
    const checks = checkCommunicatedInfo(["23553"], [{ seq: 4, text: "Your total refund is $23,553." }]);
    expect(checks).toEqual([{ info: "23553", met: true, foundAt: 4 }]);
  });

  it('keeps the commas of the required string, as tau2 does: "$23,553" is never found', () => {
    const checks = checkCommunicatedInfo(["$23,553"], [{ seq: 1, text: "Your total refund is $23,553." }]);
    expect(checks[0]?.met).toBe(false);
    expect(checks[0]?.foundAt).toBeNull();
  });

  it("accepts any agent message, not only the last, ignoring case, and reports the first that carries it", () => {
    const checks = checkCommunicatedInfo(
      ["Flight HAT045", "cancelled"],
      [
        { seq: 2, text: "I found flight hat045 for you." },
        { seq: 7, text: "It is now CANCELLED." },
        { seq: 9, text: "Anything else?" },
      ],
    );
    expect(checks).toEqual([
      { info: "Flight HAT045", met: true, foundAt: 2 },
      { info: "cancelled", met: true, foundAt: 7 },
    ]);
  });

  it("is unmet without agent messages and returns nothing when nothing is required", () => {
    expect(checkCommunicatedInfo(["x"], [])).toEqual([{ info: "x", met: false, foundAt: null }]);
    expect(checkCommunicatedInfo([], [{ seq: 0, text: "x" }])).toEqual([]);
  });
});
